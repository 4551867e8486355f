/**
 * The CSS of the public pages: Mantine's base layers and the styles of the components the public
 * pages use, not the whole Mantine stylesheet. Layered files (`@layer mantine`) so the site's own
 * CSS modules always win, whatever order chunks load in. test/build/css.test.ts checks that every
 * Mantine component the public pages import has its styles here; the admin area loads the rest.
 * The same list decides which Mantine components share the public "ui" chunk (web/vite.config.ts).
 */
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import "@mantine/core/styles/UnstyledButton.layer.css";
import "@mantine/core/styles/VisuallyHidden.layer.css";
import "@mantine/core/styles/Paper.layer.css";
import "@mantine/core/styles/Button.layer.css";
import "@mantine/core/styles/Loader.layer.css";
import "@mantine/core/styles/Container.layer.css";
import "@mantine/core/styles/Grid.layer.css";
import "@mantine/core/styles/SimpleGrid.layer.css";
import "@mantine/core/styles/Stack.layer.css";
import "@mantine/core/styles/Group.layer.css";
import "@mantine/core/styles/Center.layer.css";
import "@mantine/core/styles/Text.layer.css";
import "@mantine/core/styles/Title.layer.css";
import "@mantine/core/styles/Anchor.layer.css";
import "@mantine/core/styles/Card.layer.css";
import "@mantine/core/styles/List.layer.css";
import "@mantine/core/styles/ThemeIcon.layer.css";
import "@mantine/core/styles/Burger.layer.css";
// Components of a few pages only (the sign form's fields, the share pages' progress bar and toast):
// styles here, their code in those pages' chunks. web/vite.config.ts reads the list above this
// line for the shared "ui" chunk.
// some-pages-only
import "@mantine/core/styles/Progress.layer.css";
import "@mantine/core/styles/CloseButton.layer.css";
import "@mantine/core/styles/Notification.layer.css";
import "@mantine/core/styles/Input.layer.css";
import "@mantine/core/styles/Checkbox.layer.css";
import "@mantine/core/styles/InlineInput.layer.css";
import "@mantine/core/styles/Alert.layer.css";
import "./site.css";
