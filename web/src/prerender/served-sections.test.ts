import { describe, expect, it } from 'vitest';
import { withoutServedSections } from './served-sections';

describe('withoutServedSections', () => {
  it('empties each served wrapper, nested divs included, and keeps the wrapper and the rest', () => {
    const html =
      '<header class="css-a">Aurum</header>' +
      '<div class="MuiBox-root css-w1" data-served-section="" style="display:contents"><section id="about" class="css-b"><div class="css-c"><div>2019</div></div></section></div>' +
      '<main class="css-d"><div>hero</div></main>' +
      '<div class="MuiBox-root css-w2" data-served-section="" style="display:contents"><div id="site-footer-content" class="css-e">P.IVA</div></div>' +
      '<p class="css-f">end</p>';
    expect(withoutServedSections(html)).toBe(
      '<header class="css-a">Aurum</header>' +
        '<div class="MuiBox-root css-w1" data-served-section="" style="display:contents"></div>' +
        '<main class="css-d"><div>hero</div></main>' +
        '<div class="MuiBox-root css-w2" data-served-section="" style="display:contents"></div>' +
        '<p class="css-f">end</p>',
    );
  });

  it('leaves a page without served sections as it is', () => {
    const html = '<div class="css-a"><div data-testid="x">Prodotti</div></div>';
    expect(withoutServedSections(html)).toBe(html);
  });

  it('refuses a wrapper that is never closed', () => {
    expect(() => withoutServedSections('<div data-served-section=""><section><div></div></section>')).toThrow(
      /not closed/,
    );
  });
});
