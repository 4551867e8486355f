import { Text } from "@mantine/core";
import { useId, type ChangeEventHandler, type ReactNode } from "react";
import classes from "./NativeCheckbox.module.css";

export interface NativeCheckboxProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  name: string;
  checked: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * A public form's checkbox as the browser draws it, in the brand's colour, with its label, description
 * and message tied to it. Mantine's Checkbox brings its group and card along (2.7 KB gzip), which the
 * sign page's first load cannot carry within its 120 KB budget (scripts/bench/js-budget.ts).
 */
export function NativeCheckbox({ label, description, error, name, checked, onChange, disabled }: NativeCheckboxProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={classes.root}>
      <input
        type="checkbox"
        id={id}
        name={name}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className={classes.text}>
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
        {description && (
          <Text id={`${id}-description`} fz="xs" c="ink.7">
            {description}
          </Text>
        )}
        {error && (
          <Text id={`${id}-error`} fz="xs" c="red.8">
            {error}
          </Text>
        )}
      </div>
    </div>
  );
}
