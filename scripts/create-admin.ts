/**
 * `npm run create-admin -- --user-pool-id <id> --email <email> --phone <+39...>` (cloud stages):
 * creates the principal admin in a deployed user pool: confirmed email, phone number, group
 * 'admin', and SMS MFA required (AdminSetUserMFAPreference). Cognito emails a temporary password;
 * the first sign-in sets a new one. Uses the caller's AWS credentials and region.
 * The email should be the stage's support email (SUPPORT_EMAIL, `-c supportEmail=` at deploy).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

function arg(name: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? process.argv[i + 1] : undefined;
  if (!v) {
    console.error(
      `missing --${name}\nusage: npm run create-admin -- --user-pool-id eu-south-1_XXXX --email supporto@example.com --phone +393331234567`,
    );
    process.exit(2);
  }
  return v;
}

const UserPoolId = arg('user-pool-id');
const email = arg('email');
const phone = arg('phone');
if (!/^\+[1-9]\d{6,14}$/.test(phone)) {
  console.error('--phone must be in E.164 form, e.g. +393331234567');
  process.exit(2);
}
const client = new CognitoIdentityProviderClient({});
await client.send(
  new AdminCreateUserCommand({
    UserPoolId,
    Username: email,
    DesiredDeliveryMediums: ['EMAIL'],
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'phone_number', Value: phone },
      { Name: 'phone_number_verified', Value: 'true' },
    ],
  }),
);
await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username: email, GroupName: 'admin' }));
await client.send(
  new AdminSetUserMFAPreferenceCommand({
    UserPoolId,
    Username: email,
    SMSMfaSettings: { Enabled: true, PreferredMfa: true },
  }),
);
console.log(
  `Admin ${email} created in ${UserPoolId}: group admin, SMS MFA on ${phone}. A temporary password was emailed.`,
);
