// Placeholder: issue 28, item 5 (the learning curve as SVG; another helper's).
export function curveSvg() {
  throw new Error('curveSvg: not built yet');
}
