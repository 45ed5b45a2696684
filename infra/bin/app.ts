/**
 * CDK entry point (cdk.json: `npx tsx infra/bin/app.ts`). The stage comes from `-c stage=` or the
 * git branch; see infra/cdk-app.ts for the stacks and context keys.
 */
import { createAurumApp } from '../cdk-app';

const { app } = createAurumApp();
app.synth();
