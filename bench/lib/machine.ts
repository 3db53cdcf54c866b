/**
 * The machine a figure was measured on: the load average and the share of CPU time stolen by the
 * hypervisor (the `steal` column of /proc/stat) between two samples. A bench prints them beside every
 * figure, so a run on a busy or starved VM is recognised as such; CPU per request stays comparable
 * across such runs where wall-clock rates do not.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface MachineSample {
  load1: number;
  /** Jiffies of all CPUs: total and stolen. */
  total: number;
  steal: number;
}

export interface MachineReport {
  /** One-minute load average at the start and at the end. */
  load1: [number, number];
  /** Stolen CPU time as a percentage of all CPU time in between (0 where /proc/stat is absent). */
  stealPercent: number;
}

export function machineSample(): MachineSample {
  let total = 0;
  let steal = 0;
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith('cpu '));
    // user nice system idle iowait irq softirq steal guest guest_nice; guest time is inside user.
    const fields = (line ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
    total = fields.reduce((a, b) => a + b, 0);
    steal = fields[7] ?? 0;
  } catch {
    // Not Linux: no steal figure.
  }
  return { load1: loadavg()[0]!, total, steal };
}

export function machineSince(start: MachineSample): MachineReport {
  const end = machineSample();
  const total = end.total - start.total;
  return {
    load1: [+start.load1.toFixed(2), +end.load1.toFixed(2)],
    stealPercent: total > 0 ? +((100 * (end.steal - start.steal)) / total).toFixed(1) : 0,
  };
}
