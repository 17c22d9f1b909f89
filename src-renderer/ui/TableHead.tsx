// The caption and column headings every data table of the app starts with, the last column being the row's actions (named for screen readers only).

export function TableHead({ caption, columns }: { caption: string; columns: readonly string[] }) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
    </>
  );
}
