import { probeEndpoint } from './probe-endpoint.ts';

export interface ProbeJob {
  url: string;
  paths: string[];
  everyMs: number;
  until: number;
}

// A process of its own, so the identify clients' uploads do not delay when a probe's answer is timed.
process.once('message', (job: ProbeJob) => {
  void Promise.all(job.paths.map((path) => probeEndpoint(job.url, path, job.everyMs, job.until))).then((outcomes) => process.send!(outcomes, () => process.exit(0)));
});
