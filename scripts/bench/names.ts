/** First names the admin benchmarks give their seeded signers, reporters and guide requesters. */
export const FIRST = [
  "Maria",
  "James",
  "Linda",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Elizabeth",
  "David",
  "Susan",
  "Carlos",
  "Aisha",
  "Wei",
  "Olga",
  "Kwame",
];
