/** The foundation records and shows times in US Eastern time, as the spec requires. */
export const DISPLAY_TIME_ZONE = "America/New_York";

const dateFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: DISPLAY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: DISPLAY_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** MM/DD/YYYY in New York. */
export const newYorkDate = (at: Date) => dateFormat.format(at);
/** YYYY-MM-DD in New York (the day, as a date picker names it). */
export function newYorkDay(at: Date): string {
  const part = (type: string) => dateFormat.formatToParts(at).find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
/** HH:mm:ss (24-hour) in New York. */
export const newYorkTime = (at: Date) => timeFormat.format(at);
