/** Every row of a collection's page stream (`stream()`), for tests over small collections. */
export async function collect<Row>(pages: AsyncIterable<readonly Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pages) rows.push(...page);
  return rows;
}
