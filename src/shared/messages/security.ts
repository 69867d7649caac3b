import { plural } from '../plural';

/** Two-factor sign-in, sessions and the start-up's demo admin. */
export const SECURITY_MESSAGES = {
  /** Two-factor sign-in, sessions and the start-up's demo admin. */
  security: {
    noDemoAdmin: (host: string) =>
      `No demo admin was created: HOST=${host} lets other machines reach this server, and the README publishes ` +
      'the demo password. Set ADMIN_EMAIL and ADMIN_PASSWORD to create an admin (DEMO_ADMIN=1 creates the demo admin anyway).',
    demoAdminRetired: (email: string) =>
      `The demo admin ${email} still had the published demo password: it is no longer an admin.`,
    demoAdminOffNetwork: (email: string, host: string) =>
      `The demo admin ${email} still had the published demo password and HOST=${host} lets other machines reach ` +
      'this server: it is no longer an admin. DEMO_ADMIN=1 keeps it.',
    codeRequired: 'Enter the code from your authenticator app.',
    codeFormat: 'Enter the 6-digit code from your authenticator app or a recovery code.',
    wrongCode: 'That code is not right. Check that your phone’s clock is correct, or use a recovery code.',
    challengeExpired: 'This sign-in has expired or had too many wrong codes. Sign in again with your password.',
    alreadyEnabled: 'Two-factor sign-in is already on. Turn it off first to use a new key.',
    badTokenHash: 'Each token hash is 64 hexadecimal characters.',
    enabled: 'Two-factor sign-in is on.',
    disabled: 'Two-factor sign-in is off.',
    disabledRequired:
      'Two-factor sign-in is off. This server requires it: you will set it up again at your next sign-in.',
    newCodes: 'New recovery codes made; the earlier ones no longer work.',
    sessionGone: 'That session has already ended.',
    sessionEnded: 'Session ended.',
    othersEnded: (n: number) => (n ? `${plural(n, 'other session')} ended.` : 'No other session was open.'),
    // The Two-factor screen
    twoFactorTitle: 'Two-factor sign-in',
    twoFactorOn:
      'Two-factor sign-in is on: signing in asks for a code from your authenticator app after your password.',
    twoFactorOff:
      'Two-factor sign-in is off. Turn it on and signing in will also ask for a code from an authenticator app on your phone, so a stolen password alone cannot open Coursedesk.',
    twoFactorRequired: 'This server requires two-factor sign-in for every admin.',
    codesLeft: (n: number) => `Recovery codes left: ${n} of 10.`,
    setUp: 'Set up two-factor sign-in',
    scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code it shows.',
    qrAlt: 'QR code of the key for your authenticator app',
    keyLabel: 'Key',
    copyKey: 'Copy key',
    copied: 'Copied',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    turnOnAndSignIn: 'Turn on and sign in',
    cancel: 'Cancel',
    turnOffTitle: 'Turn off two-factor sign-in',
    turnOffHelp: 'Enter a code from your authenticator app or a recovery code to turn two-factor sign-in off.',
    anyCode: 'Code from the app or a recovery code',
    turnOff: 'Turn off',
    newCodesTitle: 'New recovery codes',
    newCodesHelp:
      'Lost or used your codes? Enter a code from the app to make ten new ones; the earlier ones stop working.',
    makeCodes: 'Make new codes',
    codesTitle: 'Your recovery codes',
    codesHelp:
      'Keep these ten codes somewhere safe, apart from your phone: each one signs you in once if you lose it. They are shown only now.',
    copyCodes: 'Copy codes',
    codesSaved: 'I have saved them',
    // The sign-in's second step
    codeStepTitle: 'Two-factor sign-in',
    codeStepHelp: 'Enter the 6-digit code from your authenticator app.',
    recoveryHint: 'Lost your phone? Enter one of your recovery codes instead.',
    verify: 'Verify',
    verifying: 'Verifying...',
    enrolStepHelp: 'This server requires two-factor sign-in. Set it up now to continue.',
    backToLogin: 'Back to password',
    continue: 'Continue',
    // The Sessions screen
    sessionsTitle: 'Sessions',
    sessionsHelp: (idleDays: number, maxDays: number) =>
      `Every device signed in to your account. A session ends after ${plural(idleDays, 'day')} without use, ` +
      `or ${plural(maxDays, 'day')} after its sign-in; end any you do not recognise.`,
    device: 'Device',
    address: 'Address',
    started: 'Signed in',
    lastUsed: 'Last used',
    thisDevice: 'This device',
    endSession: 'End',
    endSessionOf: (device: string) => `End the session of ${device}`,
    endOthers: 'End all other sessions',
    endOthersTitle: 'End all other sessions?',
    endOthersText: 'Every other device signed in to your account will have to sign in again.',
    endOneTitle: 'End this session?',
    endOneText: (device: string) => `${device} will have to sign in again.`,
    noSessions: 'No sessions.',
    unknownDevice: 'Unknown device',
    menuSessions: 'Sessions',
    menuTwoFactor: 'Two-factor sign-in',
    needsConnection: 'This screen needs a connection. Try again when you are online.',
    deviceOn: (browser: string, system: string) => `${browser} on ${system}`,
    actions: 'Actions',
  },
} as const;
