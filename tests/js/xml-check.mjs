// A small XML well-formedness check for the SVG the exports write (no XML parser in Node): the
// prolog, one root element, matched tags, attribute syntax without duplicates, entity and
// character references, and only the characters XML 1.0 allows. Returns a tiny tree to query;
// throws an Error saying where the text is not well-formed.

const NAME = /^[A-Za-z_:][\w.:-]*/;
const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
const BAD_CHAR =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unescape(text, at) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '&') {
      if (text[i] === '<') throw new Error(`xml: '<' in text or an attribute value near offset ${at + i}`);
      out += text[i];
      continue;
    }
    const m = ENTITY.exec(text.slice(i));
    if (!m) throw new Error(`xml: a bad entity reference near offset ${at + i}: ${text.slice(i, i + 12)}`);
    const ref = m[1];
    out +=
      ref === 'amp'
        ? '&'
        : ref === 'lt'
          ? '<'
          : ref === 'gt'
            ? '>'
            : ref === 'quot'
              ? '"'
              : ref === 'apos'
                ? "'"
                : String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1)));
    i += m[0].length - 1;
  }
  return out;
}

/**
 * Parses `text` as a well-formed XML document; returns its root {name, attrs, children, text}
 * (children: elements; text: the character data directly inside).
 */
export function parseXml(text) {
  const bad = BAD_CHAR.exec(text);
  if (bad) throw new Error(`xml: a character XML does not allow at offset ${bad.index}`);
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end < 0) throw new Error('xml: an XML declaration that never ends');
    if (
      !/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z][\w.-]*")?( standalone="(yes|no)")?\s*\?>$/.test(
        text.slice(0, end + 2),
      )
    ) {
      throw new Error(`xml: a bad XML declaration ${text.slice(0, end + 2)}`);
    }
    i = end + 2;
  }
  const stack = [];
  let root = null;
  while (i < text.length) {
    if (text[i] !== '<') {
      const next = text.indexOf('<', i);
      const chunk = text.slice(i, next < 0 ? text.length : next);
      if (stack.length === 0) {
        if (chunk.trim() !== '') throw new Error(`xml: text outside the root element at offset ${i}`);
      } else stack.at(-1).text += unescape(chunk, i);
      i = next < 0 ? text.length : next;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0 || text.slice(i + 4, end).includes('--')) throw new Error(`xml: a bad comment at offset ${i}`);
      i = end + 3;
      continue;
    }
    if (text.startsWith('</', i)) {
      const m = NAME.exec(text.slice(i + 2));
      const open = stack.pop();
      if (!m || !open || m[0] !== open.name) {
        throw new Error(`xml: </${m?.[0]}> at offset ${i} does not close <${open?.name}>`);
      }
      i += 2 + m[0].length;
      skipSpace();
      if (text[i] !== '>') throw new Error(`xml: a bad end tag at offset ${i}`);
      i++;
      continue;
    }
    const m = NAME.exec(text.slice(i + 1));
    if (!m) throw new Error(`xml: a bad tag at offset ${i}`);
    const element = { name: m[0], attrs: {}, children: [], text: '' };
    if (stack.length === 0) {
      if (root) throw new Error(`xml: a second root element <${m[0]}> at offset ${i}`);
      root = element;
    } else stack.at(-1).children.push(element);
    i += 1 + m[0].length;
    for (;;) {
      const before = i;
      skipSpace();
      if (text.startsWith('/>', i)) {
        i += 2;
        break;
      }
      if (text[i] === '>') {
        i++;
        stack.push(element);
        break;
      }
      if (i === before) throw new Error(`xml: attributes must be separated by space at offset ${i}`);
      const a = NAME.exec(text.slice(i));
      if (!a) throw new Error(`xml: a bad attribute name at offset ${i}`);
      i += a[0].length;
      skipSpace();
      if (text[i] !== '=') throw new Error(`xml: attribute ${a[0]} has no value at offset ${i}`);
      i++;
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") throw new Error(`xml: attribute ${a[0]} is not quoted at offset ${i}`);
      const end = text.indexOf(quote, i + 1);
      if (end < 0) throw new Error(`xml: attribute ${a[0]} never ends`);
      if (a[0] in element.attrs) throw new Error(`xml: attribute ${a[0]} twice on <${element.name}>`);
      element.attrs[a[0]] = unescape(text.slice(i + 1, end), i + 1);
      i = end + 1;
    }
  }
  if (stack.length > 0) throw new Error(`xml: <${stack.at(-1).name}> is never closed`);
  if (!root) throw new Error('xml: no root element');
  return root;
}

/** Every element of the tree named `name` (document order). */
export function elementsNamed(root, name) {
  const found = [];
  const walk = (element) => {
    if (element.name === name) found.push(element);
    element.children.forEach(walk);
  };
  walk(root);
  return found;
}
