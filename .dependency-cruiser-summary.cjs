// dependency-cruiser reporter: one line per rule with its count (0 when kept), then each violation.

const folderOf = (file) => file.split('/').slice(0, -1);

// Folder cycles, which dependency-cruiser's own folder rules cannot see (they count a folder with
// everything under it, so server/x.ts and server/db/ importing each other is no cycle to
// them). For every depth d, each module stands for its folder cut to d segments, and an import
// between two such folders is an arrow; a cycle at any depth is a strongly connected group of
// two or more folders. At the deepest depth every folder counts on its own, server/ included.
// Only imports inside `scope` count (the server's layers; the web app's folders are its own).
function folderCycles(modules, scope) {
  const arrows = modules.flatMap((module) =>
    module.dependencies
      .filter((dependency) => scope.test(module.source) && scope.test(dependency.resolved))
      .map((dependency) => [folderOf(module.source), folderOf(dependency.resolved)]),
  );
  const deepest = Math.max(1, ...arrows.flat().map((segments) => segments.length));
  const groups = new Map();
  for (let depth = 1; depth <= deepest; depth += 1) {
    const graph = new Map();
    for (const [from, to] of arrows) {
      const source = from.slice(0, depth).join('/');
      const target = to.slice(0, depth).join('/');
      if (source === target) continue;
      if (!graph.has(source)) graph.set(source, new Set());
      if (!graph.has(target)) graph.set(target, new Set());
      graph.get(source).add(target);
    }
    for (const group of stronglyConnected(graph)) {
      if (group.length > 1) groups.set(group.sort().join(' <-> '), group);
    }
  }
  return [...groups.keys()].sort();
}

// Tarjan's strongly connected components, without recursion.
function stronglyConnected(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...graph.get(start)]]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const [node, targets] = work[work.length - 1];
      if (targets.length > 0) {
        const target = targets.shift();
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, [...graph.get(target)]]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        groups.push(group);
      }
    }
  }
  return groups;
}

module.exports = (result) => {
  const violations = result.summary.violations;
  const count = (rule) => violations.filter((violation) => violation.rule.name === rule).length;
  const cycles = folderCycles(result.modules, /^server\//);
  const lines = [
    `imports: ${count('no-circular')} cycles (type-only included), ${cycles.length} server folder cycles (${cycles.reduce((sum, cycle) => sum + cycle.split(' <-> ').length, 0)} folders in them), ${count('server-layer')} server layer back arrows, ` +
      `${count('server-foreign-handlers')} handlers imports outside the composition (${result.summary.totalCruised} modules)`,
    ...violations.map(
      (violation) =>
        `  ${violation.rule.name}: ${[violation.from, ...(violation.cycle ?? []).map((step) => step.name ?? step)].join(' -> ')}${violation.cycle ? '' : ` -> ${violation.to}`}`,
    ),
    ...cycles.map((cycle) => `  folder-cycle: ${cycle}`),
  ];
  return { output: `${lines.join('\n')}\n`, exitCode: violations.length + cycles.length };
};
