// What Lighthouse's simulation (Lantern) waited for: each node of the FCP, LCP and Interactive
// graphs with its simulated start and end. Lantern gives every main-thread task four times its
// observed wall time (twice for a layout), and a request sent from inside a task starts only when
// that task ends, so a task that sent the page's preloads delays all of them by 4x its wall time.
// Plain JavaScript: lighthouse-run.mjs, run by plain node, imports it.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';

const GRAPHS = /^(optimistic|pessimistic)(FirstContentfulPaint|LargestContentfulPaint|Interactive)$/;
/** A task's events that say what it did. */
const TELLING = new Set([
  'ParseHTML',
  'Layout',
  'Paint',
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
]);

/** @param {any} node */
function describe(node) {
  if (node.type === 'network') {
    const { priority, resourceType, url, transferSize } = node.request;
    return `${priority} ${resourceType} ${url.replace(/^https?:\/\/[^/]+/, '')} (${transferSize} B)`;
  }
  const did = [...new Set(node.childEvents.map((e) => e.name).filter((name) => TELLING.has(name)))];
  return `task of ${(node.duration / 1000).toFixed(1)} ms observed ${did.join(', ')}`;
}

/**
 * Records the graphs of the next Lighthouse run in this process; the returned function gives them
 * as text, one line per node: simulated start and end (ms), then the node.
 */
export function recordLanternGraphs() {
  const lines = [];
  // Several audits ask for the same metric: one listing each.
  const seen = new Set();
  const simulate = Lantern.Simulation.Simulator.prototype.simulate;
  Lantern.Simulation.Simulator.prototype.simulate = function (graph, options) {
    const result = simulate.call(this, graph, options);
    const label = options?.label ?? '';
    if (GRAPHS.test(label) && !seen.has(label)) {
      seen.add(label);
      lines.push(`${label}: ${result.timeInMs.toFixed(0)} ms`);
      const timings = [...result.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime);
      for (const [node, t] of timings) {
        // The Interactive graph holds every request and task: its long tasks are what counts.
        if (label.endsWith('Interactive') && (node.type === 'network' || t.endTime - t.startTime < 50))
          continue;
        lines.push(
          `${t.startTime.toFixed(0).padStart(7)} ${t.endTime.toFixed(0).padStart(7)}  ${describe(node)}`,
        );
      }
    }
    return result;
  };
  return () => lines.join('\n') + '\n';
}
