import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PeriodicJob, PeriodicTask } from '@server/jobs/periodic-task';

// The one loop of the background jobs, on vitest's fake clock: no round waits for real time.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const logger = () => ({ error: vi.fn() });

describe('PeriodicTask', () => {
  it('runs the first round after firstDelayMs, then one per interval plus at most the jitter', async () => {
    const round = vi.fn(async () => undefined);
    const task = new PeriodicTask({
      name: 't',
      logger: logger(),
      intervalMs: 1000,
      firstDelayMs: 500,
      jitter: 0.2,
      random: () => 1, // the longest pause: 1000 ms + 20 %
      round,
    });
    task.start();
    await vi.advanceTimersByTimeAsync(499);
    expect(round).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1199);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it('never overlaps rounds; a kick during a round runs the next one right after it', async () => {
    let release = () => {};
    let active = 0;
    let most = 0;
    const round = vi.fn(async () => {
      active++;
      most = Math.max(most, active);
      await new Promise<void>((resolve) => (release = resolve));
      active--;
    });
    const task = new PeriodicTask({ name: 't', logger: logger(), intervalMs: 60_000, round });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(1);
    task.kick();
    task.kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(1); // still the first
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(2); // the kicked one, without waiting a minute
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(round).toHaveBeenCalledTimes(2); // two kicks, one extra round
    expect(most).toBe(1);
    await task.stop();
  });

  it('goes on at once while a round says more is waiting', async () => {
    const answers = [true, true, false];
    const round = vi.fn(async () => answers.shift() ?? false);
    const task = new PeriodicTask({ name: 't', logger: logger(), intervalMs: 60_000, round });
    task.start();
    await vi.advanceTimersByTimeAsync(10); // far less than the interval
    expect(round).toHaveBeenCalledTimes(3);
    await task.stop();
  });

  it('logs a failed round with the task name and tries again after the interval', async () => {
    const log = logger();
    const round = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const task = new PeriodicTask({ name: 'hold expiry', logger: log, intervalMs: 1000, jitter: 0, round });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(log.error).toHaveBeenCalledWith(
      { err: expect.any(Error) },
      'hold expiry round failed; retrying later',
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it('stop() waits for the round in progress and starts nothing afterwards; kick after stop does nothing', async () => {
    let release = () => {};
    let finished = false;
    const round = vi.fn(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    const task = new PeriodicTask({ name: 't', logger: logger(), intervalMs: 10, jitter: 0, round });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    const stopped = task.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
    task.kick();
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('tells an observer about its start and each round, failed or not (metrics)', async () => {
    const observer = { jobStarted: vi.fn(), roundEnded: vi.fn() };
    const round = vi.fn().mockRejectedValueOnce(new Error('db down')).mockResolvedValue(undefined);
    const task = new PeriodicTask({
      name: 'outbox',
      logger: logger(),
      intervalMs: 1000,
      jitter: 0,
      round,
      observer,
    });
    task.start();
    expect(observer.jobStarted).toHaveBeenCalledWith('outbox');
    await vi.advanceTimersByTimeAsync(1000);
    expect(observer.roundEnded.mock.calls).toEqual([
      ['outbox', true],
      ['outbox', false],
    ]);
    await task.stop();
  });
});

describe('PeriodicJob', () => {
  it('tells an observer about each round once, those of runOnce and of its timer alike', async () => {
    const observer = { jobStarted: vi.fn(), roundEnded: vi.fn() };
    const round = vi
      .fn()
      .mockResolvedValueOnce(3)
      .mockRejectedValueOnce(new Error('db down'))
      .mockResolvedValue(0);
    const job = new PeriodicJob({
      name: 'refund',
      logger: logger(),
      intervalMs: 1000,
      jitter: 0,
      round,
      observer,
    });
    expect(await job.runOnce()).toBe(3);
    expect(await job.runOnce()).toBe(0);
    job.start();
    expect(observer.jobStarted).toHaveBeenCalledWith('refund');
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.roundEnded.mock.calls).toEqual([
      ['refund', false],
      ['refund', true],
      ['refund', false],
    ]);
    await job.stop();
  });
});
