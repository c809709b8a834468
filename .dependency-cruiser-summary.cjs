// dependency-cruiser reporter: one line per rule with its count (0 when kept), then each violation.

module.exports = (result) => {
  const violations = result.summary.violations;
  const count = (rule) => violations.filter((violation) => violation.rule.name === rule).length;
  const lines = [
    `imports: ${count('no-circular')} cycles (type-only included), ${count('server-back-arrow')} server back arrows, ` +
      `${count('server-foreign-handlers')} handlers imports outside the composition (${result.summary.totalCruised} modules)`,
    ...violations.map(
      (violation) =>
        `  ${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name ?? step)].join(' -> ')}${violation.cycle ? '' : ` -> ${violation.to}`}`,
    ),
  ];
  return { output: `${lines.join('\n')}\n`, exitCode: violations.length };
};
