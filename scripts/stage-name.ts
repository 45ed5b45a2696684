/**
 * `npx tsx scripts/stage-name.ts <branch>`: prints the stage a branch deploys to (infra/stage.ts
 * sanitiseStage: 'feature/Cart_v2' -> 'feature-cart-v2'), for the workflows' stack names.
 */
import { sanitiseStage } from '../infra/stage';

const branch = process.argv[2];
if (!branch) {
  console.error('usage: npx tsx scripts/stage-name.ts <branch>');
  process.exit(2);
}
console.log(sanitiseStage(branch));
