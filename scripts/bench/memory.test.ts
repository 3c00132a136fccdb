import { describe, expect, it } from "vitest";
import { mb, memoryOfStatus, parentPid } from "./memory.ts";

const STATUS = `Name:\tnode
Umask:\t0022
State:\tS (sleeping)
Pid:\t4242
PPid:\t1
VmPeak:\t 1234567 kB
VmSize:\t 1200000 kB
VmHWM:\t  215040 kB
VmRSS:\t  180224 kB
Threads:\t11
`;

describe("/proc readers", () => {
  it("reads the peak and current resident memory of a status file", () => {
    expect(memoryOfStatus(STATUS)).toEqual({ peakKb: 215_040, rssKb: 180_224 });
    expect(mb(215_040)).toBe(210);
  });

  it("has nothing for a process without memory (a kernel thread, a zombie)", () => {
    expect(memoryOfStatus("Name:\tkthreadd\nState:\tS (sleeping)\n")).toBeUndefined();
  });

  it("finds the parent in a stat line, whatever the command's name holds", () => {
    expect(parentPid("4243 (node) S 4242 4242 4242 0 -1 4194560 1234 0 0 0")).toBe(4242);
    expect(parentPid("4244 (a (weird) name) R 17 4244 4244 0 -1")).toBe(17);
  });
});
