/**
 * The `search_name` attribute of product items: what the admin list's name search (AP40) matches
 * with `contains`. A filter cannot use the index's own sort key, so the normalised name is stored
 * beside it.
 */

/** Lower case (Italian), accents removed, trimmed: 'Àttrezzo Pro ' -> 'attrezzo pro'. */
export function searchName(text: string): string {
  return text
    .toLocaleLowerCase('it')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
}
