import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { afterEach, describe, expect, it } from 'vitest';
import { recordLanternGraphs } from '../src/lantern-graph.mjs';

const original = Lantern.Simulation.Simulator.prototype.simulate;
afterEach(() => {
  Lantern.Simulation.Simulator.prototype.simulate = original;
});

const request = (url: string, transferSize: number) => ({
  type: 'network',
  request: { priority: 'High', resourceType: 'Script', url, transferSize },
});
const task = (ms: number, ...events: string[]) => ({
  type: 'cpu',
  duration: ms * 1000,
  childEvents: events.map((name) => ({ name })),
});
type Timing = [node: object, startTime: number, endTime: number];

/** Replaces the simulator with one that answers `timings`, then records over it. */
function recordOver(timings: Timing[]) {
  const fake = () => ({
    timeInMs: Math.max(...timings.map(([, , end]) => end)),
    nodeTimings: new Map(timings.map(([node, startTime, endTime]) => [node, { startTime, endTime }])),
  });
  Lantern.Simulation.Simulator.prototype.simulate = fake as never;
  const text = recordLanternGraphs();
  const simulate = (label: string) =>
    Lantern.Simulation.Simulator.prototype.simulate.call({} as never, {} as never, { label } as never);
  return { text, simulate };
}

describe('recordLanternGraphs', () => {
  it('lists each node of a paint graph in simulated order, once per graph', () => {
    const { text, simulate } = recordOver([
      [request('http://127.0.0.1:8080/assets/index.js', 98_215), 857, 2225],
      [task(59.8, 'ParseHTML', 'ParseHTML', 'Layout'), 618, 857],
    ]);
    simulate('optimisticFirstContentfulPaint');
    simulate('optimisticFirstContentfulPaint');
    simulate('optimisticSpeedIndex');
    expect(text()).toBe(
      [
        'optimisticFirstContentfulPaint: 2225 ms',
        '    618     857  task of 59.8 ms observed ParseHTML, Layout',
        '    857    2225  High Script /assets/index.js (98215 B)',
        '',
      ].join('\n'),
    );
  });

  it('keeps only the tasks of 50 ms and more from the Interactive graph', () => {
    const { text, simulate } = recordOver([
      [request('http://127.0.0.1:8080/api/user', 1_161), 653, 1006],
      [task(10, 'FunctionCall'), 1000, 1040],
      [task(342, 'Layout', 'Paint'), 1154, 1838],
    ]);
    simulate('pessimisticInteractive');
    expect(text()).toBe(
      [
        'pessimisticInteractive: 1838 ms',
        '   1154    1838  task of 342.0 ms observed Layout, Paint',
        '',
      ].join('\n'),
    );
  });
});
