/**
 * The styles of the Mantine components only the privacy pages use, loaded with /my-data's erase confirmation (EraseConfirmation.tsx):
 * the erase confirmation is a Modal (its frame and overlay). No other page's visitor downloads
 * them; the shared form styles are in web/src/styles/public.ts. test/build/css.test.ts checks this
 * list like that one.
 */
import "@mantine/core/styles/ModalBase.layer.css";
import "@mantine/core/styles/Modal.layer.css";
import "@mantine/core/styles/Overlay.layer.css";
