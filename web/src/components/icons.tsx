import { Icon, IconLock, type IconProps } from "./iconBase";

export { IconCheck, IconChevronDown, IconLock } from "./iconBase";

export const IconX = (p: IconProps) => (
  <Icon {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);
export const IconClock = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </Icon>
);
export const IconUsers = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.5a3.5 3.5 0 0 1 0 7M21.5 20a6.5 6.5 0 0 0-4-6" />
  </Icon>
);
export const IconAlert = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 2 20h20L12 3Z" />
    <path d="M12 10v4M12 17h.01" />
  </Icon>
);
export const IconShield = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 4 6v6c0 5 3.4 8.4 8 9 4.6-.6 8-4 8-9V6l-8-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
export const IconHeart = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7-4.4-9-9a4.8 4.8 0 0 1 9-3 4.8 4.8 0 0 1 9 3c-2 4.6-9 9-9 9Z" />
  </Icon>
);
export const IconShare = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </Icon>
);
export const IconLink = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
    <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
  </Icon>
);
export const IconBuilding = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 21h18M5 21V8l7-5 7 5v13" />
    <path d="M9 21v-6h6v6M9 10h.01M15 10h.01" />
  </Icon>
);
export const IconHome = (p: IconProps) => (
  <Icon {...p}>
    <path d="m3 11 9-7 9 7" />
    <path d="M5 10v10h14V10M10 20v-6h4v6" />
  </Icon>
);
export const IconDollar = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2v20" />
    <path d="M17 6H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />
  </Icon>
);
export const IconExit = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4H6a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8" />
    <path d="M10 12h11M17 8l4 4-4 4" />
  </Icon>
);
export const IconFile = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);
export const IconQuote = (p: IconProps) => (
  <svg width={p.size ?? 32} height={p.size ?? 32} viewBox="0 0 32 32" aria-hidden="true" focusable="false" fill="currentColor">
    <path d="M9.3 24C5.8 24 3 21.2 3 17.5 3 11 7.6 6.4 13.4 5l.9 2.2c-3.3 1.2-5.4 3.7-5.7 6.6h1.2c3.2 0 5.6 2.3 5.6 5.2 0 2.8-2.5 5-6.1 5Zm14.2 0c-3.5 0-6.3-2.8-6.3-6.5 0-6.5 4.6-11.1 10.4-12.5l.9 2.2c-3.3 1.2-5.4 3.7-5.7 6.6H24c3.2 0 5.6 2.3 5.6 5.2 0 2.8-2.5 5-6.1 5Z" />
  </svg>
);
export const IconMegaphone = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10v4a1 1 0 0 0 1 1h3l9 5V4L7 9H4a1 1 0 0 0-1 1Z" />
    <path d="M7 15v4a2 2 0 0 0 4 0v-2M19.5 9a4 4 0 0 1 0 6" />
  </Icon>
);
/** The icons content modules name by word ("icon": "lock"), so words and pictures stay apart. */
export const NAMED_ICONS = {
  alert: <IconAlert />,
  building: <IconBuilding />,
  clock: <IconClock />,
  dollar: <IconDollar />,
  exit: <IconExit />,
  file: <IconFile />,
  heart: <IconHeart />,
  home: <IconHome />,
  lock: <IconLock />,
  megaphone: <IconMegaphone />,
  shield: <IconShield />,
  users: <IconUsers />,
};

export type IconName = keyof typeof NAMED_ICONS;
