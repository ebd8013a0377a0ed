import axe from 'axe-core';

/** Runs axe on the page and answers the serious and critical violations, readable in a failed assertion. */
export async function seriousAxeViolations(context: Element = document.body): Promise<string[]> {
  // Colours are judged once entrance animations have settled, as a reader sees them.
  const finite = document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
  await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  const results = await axe.run(context, { resultTypes: ['violations'] });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
