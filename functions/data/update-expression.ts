/**
 * Builds an UpdateItem expression from plain fields: every defined value is SET, every name in
 * `remove` is REMOVEd. Attribute names and values are always placeholders, so any field name works.
 */
export interface UpdateParts {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/**
 * @param set fields to set (undefined values are skipped)
 * @param remove attribute names to remove
 * @param extra additional names/values the caller's condition uses (merged in)
 * @throws Error when there is nothing to set or remove
 */
export function updateParts(
  set: Record<string, unknown>,
  remove: readonly string[] = [],
  extra: { names?: Record<string, string>; values?: Record<string, unknown> } = {},
): UpdateParts {
  const names: Record<string, string> = { ...extra.names };
  const values: Record<string, unknown> = { ...extra.values };
  const sets = Object.entries(set)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#s${i}`] = k;
      values[`:s${i}`] = v;
      return `#s${i} = :s${i}`;
    });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  if (sets.length === 0 && removes.length === 0) throw new Error('updateParts: nothing to update');
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    UpdateExpression: expression,
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}
