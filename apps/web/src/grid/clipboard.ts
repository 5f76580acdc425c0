/** Copy and paste of cell ranges as tab-separated text (what spreadsheets put on the clipboard). */

/** Rows of cells as TSV; cells holding tabs or line breaks are quoted. */
export function toTsv(rows: string[][]): string {
  const cell = (s: string) => (/[\t\n\r"]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return rows.map((r) => r.map(cell).join('\t')).join('\n');
}

/** TSV (as spreadsheets copy it) into rows of cells: quoted cells may hold tabs and line breaks. */
export function fromTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === '\t') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The values a fill handle writes into `count` rows below a range: the range's rows repeated. */
export function fillValues<T>(rangeRows: T[][], count: number): T[][] {
  return Array.from({ length: count }, (_, i) => rangeRows[i % rangeRows.length]!);
}
