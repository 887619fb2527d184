// The small pieces of markup every part of the certificate page writes: text escaped, a rule's anchor and
// a link to it, a list.

export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const anchor = (id: string) => `rule-${id}`;
export const ruleLink = (id: string) => `<a href="#${esc(anchor(id))}">${esc(id)}</a>`;
export const list = (items: string[]) =>
  items.length ? `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>` : '';
