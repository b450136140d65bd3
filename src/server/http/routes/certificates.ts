import { Hono, type Context } from 'hono';
import {
  certificateIssueSchema,
  certificateReissueSchema,
  certificateSettingsSchema,
} from '@shared/certificates';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '@shared/image-upload';
import {
  certificatePdf,
  myCertificatePdf,
  previewCertificatePdf,
} from '../../core/certificates/certificate-files';
import {
  loadCertificateSettings,
  saveCertificateSettings,
} from '../../core/certificates/certificate-settings';
import { checkCertificate } from '../../core/certificates/check-certificate';
import { issueCertificates } from '../../core/certificates/issue-certificates';
import { listEventCertificates } from '../../core/certificates/list-event-certificates';
import { reissueCertificate, revokeCertificate } from '../../core/certificates/revoke-certificate';
import {
  removeCertificateSignature,
  uploadCertificateSignature,
} from '../../core/certificates/upload-signature';
import { allow, userOf } from '../access';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../context';
import { uploadedFile, uploadLimit } from '../upload-limit';
import { validBody } from '../validation';

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

function sendPdf(c: Context<AppEnv>, file: { pdf: Buffer; fileName: string }) {
  c.header('Content-Type', 'application/pdf');
  c.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(new Uint8Array(file.pdf));
}

const fileDeps = (c: Context<AppEnv>) => {
  const { database, storage, settings, config } = c.get('deps');
  return { db: database.db, storage, settings, config };
};

// Certificates of attendance in the back office (docs/product/certificates.md), admins only. Mounted at
// /api/admin.
export const adminCertificateRoutes = new Hono<AppEnv>()
  .get('/events/:id/certificate-settings', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await loadCertificateSettings(c.get('deps').database.db, c.req.param('id')));
  })
  .put('/events/:id/certificate-settings', allow('admin'), async (c) => {
    const settings = validBody(c, certificateSettingsSchema);
    return c.json(
      await saveCertificateSettings(c.get('deps').database.db, { eventId: c.req.param('id'), settings }),
    );
  })
  .post(
    '/events/:id/certificate-settings/signature',
    allow('admin'),
    uploadLimit(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE),
    async (c) => {
      const bytes = await uploadedFile(c);
      const { database, storage } = c.get('deps');
      return c.json(
        await uploadCertificateSignature({ db: database.db, storage }, { eventId: c.req.param('id'), bytes }),
      );
    },
  )
  .delete('/events/:id/certificate-settings/signature', allow('admin'), async (c) => {
    const { database, storage } = c.get('deps');
    return c.json(
      await removeCertificateSignature({ db: database.db, storage }, { eventId: c.req.param('id') }),
    );
  })
  .get('/events/:id/certificate-settings/preview', allow('admin'), async (c) =>
    sendPdf(c, await previewCertificatePdf(fileDeps(c), c.req.param('id'))),
  )
  .get('/events/:id/certificates', allow('admin'), async (c) => {
    noStore(c);
    return c.json(await listEventCertificates(c.get('deps').database.db, c.req.param('id')));
  })
  .post('/events/:id/certificates', allow('admin'), async (c) => {
    const { ticketIds } = validBody(c, certificateIssueSchema);
    const user = await userOf(c);
    return c.json(
      await issueCertificates(c.get('deps'), { eventId: c.req.param('id'), ticketIds, actorId: user.id }),
      201,
    );
  })
  .post('/certificates/:id/revoke', allow('admin'), async (c) => {
    const user = await userOf(c);
    return c.json(
      await revokeCertificate(c.get('deps').database.db, {
        certificateId: c.req.param('id'),
        actorId: user.id,
      }),
    );
  })
  .post('/certificates/:id/reissue', allow('admin'), async (c) => {
    const { name } = validBody(c, certificateReissueSchema);
    const user = await userOf(c);
    return c.json(
      await reissueCertificate(c.get('deps'), { certificateId: c.req.param('id'), name, actorId: user.id }),
      201,
    );
  })
  .get('/certificates/:id/pdf', allow('admin'), async (c) =>
    sendPdf(c, await certificatePdf(fileDeps(c), c.req.param('id'))),
  );

// The holder's download (docs/product/certificates.md#my-tickets) and the public check
// (docs/product/certificates.md#check-page), limited per client. Mounted at /api/certificates.
export const certificateRoutes = new Hono<AppEnv>()
  .get('/check/:code', allow('public'), async (c) => {
    const { database, config } = c.get('deps');
    noStore(c);
    return c.json(
      await checkCertificate(database.db, {
        code: c.req.param('code'),
        clientIp: clientIp(c),
        clientLimit: config.authClientLimit,
      }),
    );
  })
  .get('/:id/pdf', allow('user'), async (c) => {
    const user = await userOf(c);
    return sendPdf(c, await myCertificatePdf(fileDeps(c), user, c.req.param('id')));
  });
