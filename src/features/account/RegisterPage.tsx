// The registration page /register (settings-messaging-shared §2 "Registration page"; public, no
// shell): name, mobile, image code and SMS code. The code button works only for a mainland mobile
// (1, 3–9, 9 digits); the server checks both codes and records the request for an operator to
// approve (docs/decisions.md "Registration"), after which the sign-in arrives by SMS.
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
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

const EMPTY: RegistrationForm = { name: '', mobile: '', imageCode: '', smsCode: '' };

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

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
    await registration.sendCode(form.mobile, form.imageCode);
    // The image code is spent by the check: the next request needs the new picture's answer.
    setForm((current) => ({ ...current, imageCode: '' }));
  };

  const submit = async () => {
    const found = validateRegistration(form, { smsSent: registration.smsSent });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await registration.submit(form)) setDone(true);
  };

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
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
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    label={L.IMAGE_CODE}
                    style={{ flex: 1 }}
                    value={form.imageCode}
                    onChange={set('imageCode')}
                    error={errors.imageCode}
                    autoComplete="off"
                    maxLength={8}
                    required={!registration.smsSent}
                  />
                  <UnstyledButton
                    mt={25}
                    onClick={() => void registration.refreshImage()}
                    aria-label={L.IMAGE_CODE_REFRESH}
                    title={L.IMAGE_CODE_REFRESH}
                  >
                    <Box w={120} h={36} bg="gray.1" style={{ borderRadius: 4 }}>
                      {registration.imageCode && (
                        <Image
                          src={svgSource(registration.imageCode.svg)}
                          alt={L.IMAGE_CODE}
                          w={120}
                          h={36}
                          fit="contain"
                          data-testid="image-code"
                          data-image-code-id={registration.imageCode.id}
                        />
                      )}
                    </Box>
                  </UnstyledButton>
                </Group>
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
