// The registration page /register (settings-messaging-shared §2 "Registration page"; public, no
// shell): name, mobile and SMS code. The spec's image code is a human check the page solves by
// itself before the SMS code is sent (a proof-of-work challenge: security review M11). The code
// button works only for a mainland mobile (1, 3–9, 9 digits); the server checks both and records
// the request for an operator to approve (docs/decisions.md "Registration"), after which the
// sign-in arrives by SMS.
import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ACCOUNT_LABELS as L } from '../../domain/account/labels';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import {
  canRequestSmsCode,
  type RegistrationForm,
  validateRegistration,
  validateSmsCodeRequest,
} from '../../domain/account/registration';
import { SmsCodeField } from './SmsCodeField';
import { useRegistration } from './useRegistration';

const EMPTY: RegistrationForm = { name: '', mobile: '', smsCode: '' };

export function RegisterPage() {
  const registration = useRegistration();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof RegistrationForm, string>>>({});
  const [done, setDone] = useState(false);

  const set = (key: keyof RegistrationForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const sendCode = async () => {
    const found = validateSmsCodeRequest(form);
    setErrors((current) => ({ ...current, ...found }));
    if (Object.keys(found).length > 0) return;
    await registration.sendCode(form.mobile);
  };

  const submit = async () => {
    const found = validateRegistration(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await registration.submit(form)) setDone(true);
  };

  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-default-hover)">
      <Paper withBorder shadow="sm" p="lg" w="100%" maw={440} data-testid="register-page">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h3">
              {L.REGISTER_TITLE}
            </Title>
            <Text size="sm" c="dimmed">
              {L.REGISTER_SUBTITLE}
            </Text>
          </Stack>
          {done ? (
            <Alert color="teal" data-testid="register-done">
              {ACCOUNT_MESSAGES.REGISTRATION_SUBMITTED}
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <Stack gap="sm">
                <TextInput
                  label={L.NAME}
                  value={form.name}
                  onChange={set('name')}
                  error={errors.name}
                  autoComplete="name"
                  maxLength={50}
                  required
                />
                <TextInput
                  label={L.MOBILE}
                  value={form.mobile}
                  onChange={set('mobile')}
                  error={errors.mobile}
                  inputMode="numeric"
                  autoComplete="tel-national"
                  maxLength={11}
                  required
                />
                <SmsCodeField
                  label={L.SMS_CODE}
                  value={form.smsCode}
                  onChange={set('smsCode')}
                  error={errors.smsCode}
                  onSend={() => void sendCode()}
                  canSend={canRequestSmsCode(form.mobile)}
                  sending={registration.sending}
                  secondsLeft={registration.secondsLeft}
                />
                <Text size="xs" c="dimmed" data-testid="human-check-hint">
                  {registration.sending ? L.HUMAN_CHECK_RUNNING : L.HUMAN_CHECK_HINT}
                </Text>
                <Button type="submit" fullWidth loading={registration.submitting}>
                  {L.REGISTER_SUBMIT}
                </Button>
              </Stack>
            </form>
          )}
          <Anchor href="/login" size="sm" ta="center">
            {L.HAVE_ACCOUNT}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
