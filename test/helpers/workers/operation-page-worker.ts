// Checks its share of the GitHub spec's operation pages and sends the findings back (see operation-page-checks.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { checkOperationPages, type OperationPageSetup, type RouteToCheck } from '../operation-page-checks.ts';

const { setup, routes } = workerData as { setup: OperationPageSetup; routes: RouteToCheck[] };
parentPort!.postMessage(checkOperationPages(setup, routes));
