// The avatar dialog (settings-messaging-shared §2 "Personal centre", §9 "Image crop"): pick a gif,
// jpeg, png or svg under 20 MB, crop a square (box 200×200, png output) in a 900 px dialog with
// react-easy-crop (docs/decisions.md "Libraries and tools"), then save.
import { Box, Button, FileButton, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { ACCOUNT_LABELS as L } from '../../domain/account/labels';
import { AVATAR_CROP } from '../../domain/files/avatar';
import { IMAGE_MIME_TYPES } from '../../domain/files/uploads';
import { useUploadRules } from '../common/useUploadRules';
import { cropToPng } from './cropImage';

const ACCEPT = IMAGE_MIME_TYPES.join(',');

export interface AvatarCropDialogProps {
  opened: boolean;
  onClose(): void;
  saving: boolean;
  /** Saves the cropped png; true when it was saved (the dialog then closes). */
  onSave(png: Blob): Promise<boolean>;
}

export function AvatarCropDialog({ opened, onClose, saving, onSave }: AvatarCropDialogProps) {
  const screen = useUploadRules({ imagesOnly: true, limit: 1 });
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [failed, setFailed] = useState(false);

  // The picked file is shown from an object URL, released when replaced or closed.
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const pick = (file: File | null) => {
    if (!file) return;
    const [accepted] = screen([file]);
    if (!accepted) return;
    setFailed(false);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSource(URL.createObjectURL(accepted));
  };
  const close = () => {
    setSource(null);
    setArea(null);
    onClose();
  };
  const save = async () => {
    if (!source || !area) return;
    let png: Blob;
    try {
      png = await cropToPng(source, area);
    } catch {
      setFailed(true);
      return;
    }
    if (await onSave(png)) close();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={L.CHANGE_AVATAR}
      size={AVATAR_CROP.dialogWidthPx}
      centered
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={pick} accept={ACCEPT}>
            {(props) => (
              <Button variant="light" {...props}>
                {L.CHOOSE_IMAGE}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {L.AVATAR_HINT}
          </Text>
        </Group>
        <Box
          pos="relative"
          h={{ base: 300, sm: 400 }}
          bg="gray.1"
          data-testid="avatar-crop-area"
          style={{ borderRadius: 4, overflow: 'hidden' }}
        >
          {source && (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="rect"
              cropSize={{ width: AVATAR_CROP.width, height: AVATAR_CROP.height }}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
              onMediaLoaded={() => setFailed(false)}
              disableAutomaticStylesInjection
            />
          )}
        </Box>
        {source && (
          <Group gap="sm" wrap="nowrap">
            <Text size="sm">{L.ZOOM}</Text>
            <Slider
              style={{ flex: 1 }}
              min={1}
              max={4}
              step={0.05}
              value={zoom}
              onChange={setZoom}
              label={null}
              aria-label={L.ZOOM}
            />
          </Group>
        )}
        {failed && (
          <Text size="sm" c="red">
            {L.IMAGE_UNREADABLE}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close}>
            {L.CANCEL}
          </Button>
          <Button onClick={() => void save()} disabled={!source || !area} loading={saving}>
            {L.SAVE}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
