/**
 * Whether the floating cart button, where it rests, sits on something a shopper reads or presses: a
 * button (or a link styled as one), a checkbox or radio, or a price. The far end of a text field, a
 * link that is a whole card and a photo do not count: the button may rest over a corner of one.
 */
const CONTROL =
  'button, [role="button"], [role="spinbutton"], a.button, input[type="checkbox"], input[type="radio"], input[type="number"]';
const PRICE = /\$\s?\d/;

function isCovered(element: Element): boolean {
  if (element.closest(CONTROL)) return true;
  return [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && PRICE.test(node.textContent ?? ''));
}

export function coversContent(button: HTMLElement): boolean {
  // Its resting place: offset* leave out the translate that tucks it away.
  const left = button.offsetLeft;
  const top = button.offsetTop;
  const size = button.offsetWidth;
  if (size === 0) return false;
  // A 5 x 5 grid over the square inside its circle: nothing larger than a few pixels slips between.
  const steps = [0.15, 0.325, 0.5, 0.675, 0.85];
  const points = steps.flatMap((fx) => steps.map((fy) => [fx, fy] as const));
  // The button is left out of hit testing while it looks: each point then asks only for the topmost
  // element under it (elementsFromPoint lists every element there, some thirty at a time, and twenty-
  // five of those were a task of 20 to 40 ms on a slow phone).
  const pointerEvents = button.style.pointerEvents;
  button.style.pointerEvents = 'none';
  try {
    return points.some(([fx, fy]) => {
      const under = document.elementFromPoint(left + fx * size, top + fy * size);
      return (
        under !== null &&
        !button.contains(under) &&
        under !== document.documentElement &&
        under !== document.body &&
        isCovered(under)
      );
    });
  } finally {
    button.style.pointerEvents = pointerEvents;
  }
}
