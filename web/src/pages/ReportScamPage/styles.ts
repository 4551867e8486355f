/**
 * The styles of the Mantine components only the report wizard uses, loaded with its chunk: no other
 * page's visitor downloads them. (Input, Checkbox, Progress, Alert and the rest of the shared form
 * styles are in web/src/styles/public.ts.) test/build/css.test.ts checks this list like that one.
 */
import "@mantine/core/styles/Stepper.layer.css";
import "@mantine/core/styles/Radio.layer.css";
import "@mantine/core/styles/Combobox.layer.css";
import "@mantine/core/styles/Popover.layer.css";
import "@mantine/core/styles/ScrollArea.layer.css";
import "@mantine/dates/styles.layer.css";
