// The memory of a server's processes, from Linux's /proc: VmHWM (the peak resident set) and VmRSS,
// of a process and of its children (a cluster's workers). The parsing is pure. Erasable TypeScript only.
import { readFileSync, readdirSync } from "node:fs";

/** VmHWM and VmRSS, in kB, of the text of a /proc/<pid>/status; undefined without VmHWM (a zombie, a kernel thread). */
export function memoryOfStatus(status: string): { peakKb: number; rssKb: number } | undefined {
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? Number.NaN);
  const peakKb = field("VmHWM");
  const rssKb = field("VmRSS");
  return Number.isFinite(peakKb) ? { peakKb, rssKb } : undefined;
}

/** The parent's pid in the text of a /proc/<pid>/stat. */
export function parentPid(stat: string): number {
  // "pid (comm) state ppid …": the command may hold spaces and parentheses, the last ")" ends it.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** VmHWM (peak resident set) and VmRSS of a process, in kB, from /proc/<pid>/status. */
export function readMemory(pid: number): { peakKb: number; rssKb: number } | undefined {
  try {
    return memoryOfStatus(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return undefined;
  }
}

/** The processes whose parent is `pid` (a cluster primary's workers), from /proc/<pid>/stat. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (parentPid(readFileSync(`/proc/${name}/stat`, "utf8")) === pid) children.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/** VmHWM and VmRSS of the server process `pid` and of each of its children (a cluster's workers), the process first. */
export function readProcessesMemory(pid: number): { pid: number; peakKb: number; rssKb: number }[] {
  const processes: { pid: number; peakKb: number; rssKb: number }[] = [];
  for (const each of [pid, ...childPids(pid)]) {
    const memory = readMemory(each);
    if (memory) processes.push({ pid: each, ...memory });
  }
  return processes;
}

export const mb = (kb: number) => kb / 1024;
