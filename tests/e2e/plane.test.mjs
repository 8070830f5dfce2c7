// The data plane's drawing (web/plot.js) in headless Chromium, on scenes made by hand: the line
// and w stay visible wherever the separator falls, the "w" label keeps off the points,
// coincident points show both, misclassified points are marked, big data is sampled, and the
// page's colours meet WCAG AA (contrast ratios computed from the colours in use).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { DESKTOP, openDemo, shots, useBrowser } from './browser.mjs';

useBrowser();
let demo;
let page;
// The demo page, opened on first use (useBrowser's hooks start the browser first).
async function ensurePage() {
  if (!demo) {
    demo = await openDemo('', { viewport: DESKTOP });
    page = demo.page;
  }
  return page;
}
after(async () => {
  if (!demo) return;
  assert.deepEqual(demo.problems, [], 'no console errors, page errors or dialogs');
  await demo.context.close();
});

// Draws each scene on a fresh 300 x 300 canvas; returns what drawPlane reports and, per
// scene, the colours found at the given probe pixels.
async function draw(scenes) {
  await ensurePage();
  return page.evaluate(async (list) => {
    const { drawPlane } = await import('/plot.js');
    const results = [];
    for (const { scene, probes = [] } of list) {
      const canvas = document.createElement('canvas');
      canvas.style.cssText = 'width:300px;height:300px';
      document.body.append(canvas);
      const shown = drawPlane(canvas, scene);
      const ctx = canvas.getContext('2d');
      const scale = canvas.width / 300;
      // The colours within `r` pixels of each probe point, as 'rrggbb' strings.
      const colours = probes.map(([x, y, r]) => {
        const data = ctx.getImageData((x - r) * scale, (y - r) * scale, 2 * r * scale, 2 * r * scale).data;
        const seen = new Set();
        for (let k = 0; k < data.length; k += 4) {
          seen.add([data[k], data[k + 1], data[k + 2]].map((v) => v.toString(16).padStart(2, '0')).join(''));
        }
        return [...seen];
      });
      results.push({ shown, colours, image: canvas.toDataURL() });
      canvas.remove();
    }
    return results;
  }, scenes);
}

const inside = ([x, y]) => x >= 0 && y >= 0 && x <= 300 && y <= 300;
const near = (colours, hex, tolerance = 40) =>
  colours.some((c) =>
    [0, 2, 4].every((i) => Math.abs(parseInt(c.slice(i, i + 2), 16) - parseInt(hex.slice(i, i + 2), 16)) <= tolerance),
  );

describe('the data plane', () => {
  test('the separator and w stay visible wherever the line falls', async () => {
    const points = [
      { x: 0.2, y: 0.3, label: 1 },
      { x: -0.5, y: -0.4, label: -1 },
    ];
    const results = await draw([
      // The case: w = (0.504, 0.496), b = 1 touches only the corner (-1, -1).
      { scene: { points, weights: [0.504, 0.496], bias: 1 } },
      // Far outside the square.
      { scene: { points, weights: [0, 1], bias: 5 } },
      // Crossing near a corner, its closest point to the origin outside the square.
      { scene: { points, weights: [1, 1], bias: -1.8 } },
      { scene: { points, weights: [1, -0.5], bias: 0.1 } },
    ]);
    assert.deepEqual(
      results.map((r) => r.shown.line),
      ['out of view', 'out of view', 'visible', 'visible'],
    );
    for (const { shown } of results) {
      assert.ok(inside(shown.w.from) && inside(shown.w.to) && inside(shown.w.label), JSON.stringify(shown.w));
      assert.ok(Math.hypot(shown.w.to[0] - shown.w.from[0], shown.w.to[1] - shown.w.from[1]) > 40);
    }
    // w = (0, 1) points up: the arrow's tip is above its start.
    assert.ok(results[1].shown.w.to[1] < results[1].shown.w.from[1]);
  });

  test('the "w" label keeps off the points', async () => {
    // Points crowd where the label would go by default (just beyond the tip along w).
    const points = [];
    for (let k = 0; k < 6; k++) points.push({ x: 0.35 + 0.03 * k, y: 0.35 + 0.03 * k, label: 1 });
    const [{ shown }] = await draw([{ scene: { points, weights: [1, 1], bias: 0 } }]);
    const px = (p) => [((p.x + 1) / 2) * 300, ((1 - p.y) / 2) * 300];
    const clearance = Math.min(
      ...points.map((p) => Math.hypot(px(p)[0] - shown.w.label[0], px(p)[1] - shown.w.label[1])),
    );
    assert.ok(clearance > shown.radius + 4, `the label is ${clearance.toFixed(1)} px from a point`);
  });

  test('coincident points both show, with their count; misclassified points are marked', async () => {
    const spot = { x: 0.5, y: 0.5 };
    const lone = { x: -0.5, y: 0.5 };
    const [stacked, marked] = await draw([
      {
        scene: {
          points: [
            { ...spot, label: 1 },
            { ...spot, label: -1 },
          ],
          weights: [0, 0],
          bias: 0,
        },
        probes: [[225, 75, 14]],
      },
      {
        scene: {
          points: [
            { ...lone, label: 1 },
            { x: 0.5, y: -0.5, label: 1 },
          ],
          weights: [0, 0],
          bias: 0,
          misclassified: [true, false],
        },
        probes: [
          [75, 75, 12],
          [225, 225, 12],
        ],
      },
    ]);
    assert.ok(near(stacked.colours[0], '0877bd', 10), 'the class +1 point shows');
    assert.ok(near(stacked.colours[0], 'c25e00', 10), 'the class -1 point at the same spot shows too');
    assert.ok(near(marked.colours[0], 'd62728', 20), 'a misclassified point has a red ring');
    assert.ok(!near(marked.colours[1], 'd62728', 40), 'a correct point has none');
  });

  test('more than 5,000 points: a fixed sample is drawn, and the count says so', async () => {
    const points = Array.from({ length: 20_000 }, (_, i) => ({
      x: Math.sin(i) * 0.9,
      y: Math.cos(i * 1.3) * 0.9,
      label: i % 2 ? 1 : -1,
    }));
    const scene = { points, weights: [0.3, -1], bias: 0.1, last: { index: 12_345, mistake: true } };
    const [a, b] = await draw([{ scene }, { scene }]);
    assert.equal(a.shown.drawn, 5000);
    assert.equal(a.shown.total, 20_000);
    assert.equal(a.image, b.image, 'the same sample on every frame');
    await page.screenshot({ path: `${shots}/plane-sample.png` });
  });
});

// WCAG 2 contrast ratio of two 'rgb(a)' or '#rrggbb' colours, the first blended over the second.
function contrast(foreground, background) {
  const parse = (c) => {
    if (c.startsWith('#')) {
      const hex = c.length === 4 ? [...c.slice(1)].map((d) => d + d).join('') : c.slice(1);
      return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).concat(1);
    }
    const [r, g, b, a = 1] = c.match(/[\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const [br, bg, bb] = parse(background);
  const [fr, fg, fb, fa] = parse(foreground);
  const mixed = [fr * fa + br * (1 - fa), fg * fa + bg * (1 - fa), fb * fa + bb * (1 - fa)];
  const luminance = (rgb) =>
    rgb
      .map((v) => v / 255)
      .map((u) => (u <= 0.03928 ? u / 12.92 : ((u + 0.055) / 1.055) ** 2.4))
      .reduce((sum, u, i) => sum + u * [0.2126, 0.7152, 0.0722][i], 0);
  const [hi, lo] = [luminance(mixed), luminance([br, bg, bb])].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('contrast (WCAG AA)', () => {
  test('class buttons, pressed and not: text at least 4.5:1', async () => {
    await ensurePage();
    const pairs = await page.evaluate(() =>
      [...document.querySelectorAll('.class-toggle')].flatMap((button) => {
        const read = () => {
          const style = getComputedStyle(button);
          return [style.color, style.backgroundColor];
        };
        const pressed = button.getAttribute('aria-pressed');
        const states = [];
        for (const value of ['true', 'false']) {
          button.setAttribute('aria-pressed', value);
          states.push([button.textContent.trim(), value, ...read()]);
        }
        button.setAttribute('aria-pressed', pressed);
        return states;
      }),
    );
    assert.equal(pairs.length, 4);
    for (const [name, pressed, color, background] of pairs) {
      const ratio = contrast(color, background === 'rgba(0, 0, 0, 0)' ? '#ffffff' : background);
      assert.ok(ratio >= 4.5, `${name} (pressed ${pressed}): ${ratio.toFixed(2)}:1`);
    }
  });

  test('canvas: dots and lines at least 3:1, labels at least 4.5:1, on white and both tints', async () => {
    await ensurePage();
    const COLORS = await page.evaluate(async () => ({ ...(await import('/canvas.js')).COLORS }));
    const backgrounds = ['#ffffff', COLORS.positiveTint, COLORS.negativeTint].map((tint) =>
      tint.startsWith('#') ? tint : blend(tint),
    );
    for (const background of backgrounds) {
      for (const name of ['positive', 'negative', 'line', 'arrow', 'mistake']) {
        assert.ok(contrast(COLORS[name], background) >= 3, `${name} on ${background}`);
      }
      assert.ok(contrast(COLORS.label, background) >= 4.5, `labels on ${background}`);
    }
  });
});

// An rgba tint over white, as '#rrggbb'.
function blend(rgba) {
  const [r, g, b, a] = rgba.match(/[\d.]+/g).map(Number);
  return `#${[r, g, b]
    .map((v) =>
      Math.round(v * a + 255 * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
