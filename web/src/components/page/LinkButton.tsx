import { Button, type ButtonProps } from "@mantine/core";
import { Link } from "react-router-dom";
import type { PlannedPath, PublicPath } from "../../publicRoutes";
import { isPublicPage } from "../../publicRoutes";

type Target = PublicPath | PlannedPath | `/sign/${string}` | `/share/${string}`;

/**
 * A button that navigates inside the site. It renders nothing while `to` is a page still to be built
 * (publicRoutes.ts), so it never leads to /404.
 */
export function LinkButton({ to, children, onClick, ...props }: ButtonProps & { to: Target; children: React.ReactNode; onClick?: () => void }) {
  if (!isPublicPage(to)) return null;
  return (
    <Button component={Link} to={to} radius="xl" onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
