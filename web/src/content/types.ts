/**
 * Content that only the foundation can supply (a real owner's story with their permission, a figure
 * from its own records, a contact detail). The site ships with sample text in its place; every object
 * carrying this field is listed in the README under "Replace before going live", which a test keeps
 * complete.
 */
export interface SampleContent {
  /** What the foundation must supply instead of the sample. */
  replaceBeforeLaunch: string;
}
