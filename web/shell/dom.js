// Building DOM from data, safely: el(tag, props, children) sets text as text (props.text), the
// class, aria-*, role and for as attributes, anything else as a property; children are nodes
// or strings (text nodes). Never markup.

export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('aria-') || key === 'role' || key === 'for') node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}
