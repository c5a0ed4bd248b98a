// Writes reference.json: the boxes flickr/justified-layout 4.1.0 returns for generated inputs,
// the facts ContactSheet's justified rows are tested against (to 0.5 pt).
//
// Usage: node make-reference.js PATH/TO/justified-layout > reference.json
// (a checkout of https://github.com/flickr/justified-layout at tag 4.1.0; its lib/ runs under
// Debian's nodejs with no npm packages.)
'use strict';
const justifiedLayout = require(process.argv[2]);

// A small deterministic generator (mulberry32), so the cases are the same on every machine.
function random(seed) {
  return function () {
    seed |= 0; seed = seed + 0x6D2B79F5 | 0;
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

const next = random(2026);
// Shapes of a real card: 3:2 and 2:3 (most), 4:3, squares, phone 16:9 and 9:16, panoramas.
const shapes = [1.5, 1.5, 1.5, 2 / 3, 2 / 3, 4 / 3, 0.75, 1, 16 / 9, 9 / 16, 3, 4.5];
const cases = [];
// The cases of the reference's own test suite (test/test.js) whose geometry it checks.
const own = [
  [[1, 2], { containerWidth: 200, targetRowHeight: 100 }],
  [[5], {}],
  [[1, 4, 1.1], { containerWidth: 1000, targetRowHeight: 250 }],
  [[1, 1, 1, 1], {}],
  [[1, 1, 1, 1], { containerWidth: 400 }],
  [[1], { containerPadding: 20 }],
  [[1, 1, 1, 1], { boxSpacing: 40 }],
  [[1, 1, 1, 1], { boxSpacing: { horizontal: 40, vertical: 5 } }],
  [[1, 1, 1, 1], { targetRowHeight: 255, targetRowHeightTolerance: 0 }],
  [[1, 1, 1], { targetRowHeightTolerance: 0 }],
  [[1, 1, 1, 1, 2, 2, 2, 2], { fullWidthBreakoutRowCadence: 3 }],
  [[1, 1, 1, 1, 1, 1, 1, 1], { fullWidthBreakoutRowCadence: 3 }],
  [[1, 1, 1, 1, 0.5], {}],
  [[1, 1, 1, 1], { widowLayoutStyle: 'center' }],
  [[1, 1, 1, 1, 1], { widowLayoutStyle: 'center' }],
  [[1.6, 1, 2.3, 1.2, 0.1], { widowLayoutStyle: 'center' }],
  [[1, 1, 1, 2.5], { containerWidth: 880, boxSpacing: 10, widowLayoutStyle: 'justify' }],
];
for (const [aspects, config] of own) cases.push({ aspects, config });
for (let n = 0; n < 60; n++) {
  const count = 1 + Math.floor(next() * 40);
  const aspects = [];
  for (let i = 0; i < count; i++) {
    aspects.push(next() < 0.8 ? shapes[Math.floor(next() * shapes.length)] : 0.3 + next() * 3);
  }
  const config = {
    containerWidth: 300 + Math.floor(next() * 1200),
    containerPadding: Math.floor(next() * 30),
    boxSpacing: Math.floor(next() * 20),
    targetRowHeight: 60 + Math.floor(next() * 300),
    targetRowHeightTolerance: [0.1, 0.25, 0.25, 0.4][Math.floor(next() * 4)],
    widowLayoutStyle: ['left', 'justify', 'center'][Math.floor(next() * 3)],
  };
  if (next() < 0.3) config.fullWidthBreakoutRowCadence = 2 + Math.floor(next() * 4);
  cases.push({ aspects, config });
}
for (const c of cases) {
  const result = justifiedLayout(c.aspects.slice(), Object.assign({}, c.config));
  c.containerHeight = result.containerHeight;
  c.widowCount = result.widowCount;
  c.boxes = result.boxes.map((b) => [b.left, b.top, b.width, b.height]);
}
// One case a line, so that a change of the facts reads as a diff.
process.stdout.write('{"reference": "flickr/justified-layout 4.1.0", "cases": [\n'
  + cases.map((c) => JSON.stringify(c)).join(',\n') + '\n]}\n');
