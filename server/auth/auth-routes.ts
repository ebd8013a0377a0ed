import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { AccountDirectory } from './account-directory.ts';
import { requireUser, signedInUser } from './authenticate.ts';
import { permissionsOf } from './permissions.ts';
import { readProfileInput, readRegistrationInput } from './profile-input.ts';
import type { ProfileRepository } from './profile-repository.ts';
import { createThrottle } from './throttle.ts';
import type { TokenVerifier } from './token-verifier.ts';
import { serverSettings } from '../server-settings.ts';

const { throttle } = serverSettings;

export interface AuthRouteServices {
  verify: TokenVerifier;
  profiles: ProfileRepository;
  directory: AccountDirectory | undefined;
}

const anyObject = { type: 'object', additionalProperties: true } as const;

export function registerAuthRoutes(app: FastifyInstance, { verify, profiles, directory }: AuthRouteServices): void {
  const authenticated = { preHandler: requireUser(verify) };

  app.get('/v1/auth/profile', authenticated, async (request) => {
    const user = signedInUser(request);
    const stored = await profiles.find(user.subject);
    return {
      firstName: stored?.firstName ?? user.givenName ?? '',
      lastName: stored?.lastName ?? user.familyName ?? '',
      email: user.email ?? '',
      username: user.username ?? '',
      language: stored?.language ?? user.locale ?? 'en',
      timezone: stored?.timezone ?? '',
      darkmode: stored?.darkmode ?? false,
      currency: stored?.currency ?? null,
      ...permissionsOf(user),
    };
  });

  app.put('/v1/auth/profile', { ...authenticated, schema: { body: anyObject } }, async (request) => {
    const user = signedInUser(request);
    const profile = readProfileInput(request.body);
    await profiles.save(user.subject, profile);
    const currency = profile.currency === undefined ? ((await profiles.find(user.subject))?.currency ?? null) : profile.currency;
    return { ...profile, currency, email: user.email ?? '', username: user.username ?? '', ...permissionsOf(user) };
  });

  /** 204 for holders of iam.debug.admin: the check the model debug tools sit behind. */
  app.get('/v1/auth/debug-access', authenticated, async (request, reply) => {
    if (!permissionsOf(signedInUser(request)).permissions.includes('iam.debug.admin')) {
      throw new HttpError(403, "Permission 'iam.debug.admin' is required", { code: 'permission_required' });
    }
    return reply.status(204).send();
  });

  const registrations = createThrottle(app, 'registration', { max: throttle.registrationPerAddress.value, windowMs: throttle.registrationWindowMs.value });
  app.post('/v1/auth/register', { schema: { body: anyObject } }, async (request, reply) => {
    const wait = await registrations(request);
    if (wait !== undefined) {
      throw new HttpError(429, `Too many registrations from this address. Try again in ${Math.ceil(wait / 60)} min.`, { code: 'registration_throttled', headers: { 'retry-after': String(wait) } });
    }
    const input = readRegistrationInput(request.body);
    if (!directory) throw new HttpError(503, 'Registration is not configured on this server', { code: 'registration_unavailable' });
    const created = await directory.register(input);
    if (!created) throw new HttpError(409, 'An account with this email already exists', { code: 'email_taken' });
    await profiles.save(created.subject, input);
    return reply.status(201).send({ status: 'created' });
  });
}
