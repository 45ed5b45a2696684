import { SERVED_SECTION_ATTRIBUTE } from '../ui/deferred';

/**
 * `html` with the content of every served section's wrapper (the element with
 * SERVED_SECTION_ATTRIBUTE, a div) taken out; the wrappers themselves stay. Pure.
 * @throws Error when a wrapper is not closed
 */
export function withoutServedSections(html: string): string {
  const opening = new RegExp(`<div [^>]*${SERVED_SECTION_ATTRIBUTE}=""[^>]*>`, 'g');
  let out = '';
  let from = 0;
  for (let wrapper = opening.exec(html); wrapper !== null; wrapper = opening.exec(html)) {
    const start = wrapper.index;
    const contentStart = start + wrapper[0].length;
    // The wrapper's closing tag: the first </div> where the divs opened inside it are all closed.
    const tags = /<div[\s>]|<\/div>/g;
    tags.lastIndex = contentStart;
    let depth = 1;
    let match: RegExpExecArray | null = null;
    while (depth > 0 && (match = tags.exec(html)) !== null) depth += match[0] === '</div>' ? -1 : 1;
    if (depth > 0 || !match) throw new Error(`a served section's wrapper is not closed (at ${start})`);
    out += html.slice(from, contentStart);
    from = match.index;
    opening.lastIndex = from;
  }
  return out + html.slice(from);
}
