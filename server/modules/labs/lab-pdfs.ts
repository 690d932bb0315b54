import type { LabResultValue } from '../../../shared/contracts/labs';
import { labTestName } from '../../../shared/labs/lab-tests';

/** Who and what a lab PDF is about (a snapshot at the time it is made). */
export interface LabPdfFacts {
  requisitionNumber: string;
  patient: { name: string; dateOfBirth: string | null; phone: string | null };
  doctor: { name: string; credentials: string; npi: string | null };
  tests: readonly string[];
  orderedAt: Date;
}

const dateText = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** A date of birth as kept (YYYY-MM-DD) printed the US way. */
function birthText(dateOfBirth: string | null): string {
  const [year, month, day] = (dateOfBirth ?? '').split('-');
  return year && month && day ? `${month}/${day}/${year}` : 'Not on file';
}

/** Draws a document with pdfkit (loaded at the first document) and collects its bytes. */
async function renderPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown(0.5);
  draw(doc);
  doc.end();
  return done;
}

function field(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
  doc.font('Helvetica').text(value);
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text).moveDown(0.3);
}

function header(doc: PDFKit.PDFDocument, facts: LabPdfFacts) {
  field(doc, 'Requisition number', facts.requisitionNumber);
  field(doc, 'Date ordered', dateText(facts.orderedAt));
  heading(doc, 'Patient');
  field(doc, 'Name', facts.patient.name);
  field(doc, 'Date of birth', birthText(facts.patient.dateOfBirth));
  if (facts.patient.phone) field(doc, 'Phone', facts.patient.phone);
  heading(doc, 'Ordering physician');
  field(doc, 'Name', `${facts.doctor.name}, ${facts.doctor.credentials}`);
  field(doc, 'NPI', facts.doctor.npi ?? 'Not on file');
}

/** The requisition the patient takes to the lab: who, which tests, who ordered them. */
export function requisitionPdf(facts: LabPdfFacts): Promise<Buffer> {
  return renderPdf('Laboratory requisition', (doc) => {
    header(doc, facts);
    heading(doc, 'Tests ordered');
    for (const code of facts.tests) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`${code}  ${labTestName(code)}`, { indent: 12 });
    }
    doc.moveDown(1.5);
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .text(
        'Bring this requisition and a photo ID to the patient service center. The results go to the ordering physician and to your account.',
      );
  });
}

/** Results entered as values, rendered as the lab's report: one row per test. */
export function resultsPdf(
  facts: LabPdfFacts,
  values: readonly LabResultValue[],
  resultedAt: Date,
): Promise<Buffer> {
  return renderPdf('Laboratory results', (doc) => {
    header(doc, facts);
    field(doc, 'Date resulted', dateText(resultedAt));
    heading(doc, 'Results');
    const columns = [
      { title: 'Test', width: 190 },
      { title: 'Result', width: 120 },
      { title: 'Unit', width: 60 },
      { title: 'Reference range', width: 130 },
    ];
    const row = (cells: string[], font: string) => {
      const top = doc.y;
      let x = doc.page.margins.left;
      let bottom = top;
      cells.forEach((cell, index) => {
        const width = columns[index]?.width ?? 80;
        doc
          .font(font)
          .fontSize(10)
          .text(cell, x, top, { width: width - 8 });
        bottom = Math.max(bottom, doc.y);
        x += width;
      });
      doc.x = doc.page.margins.left;
      doc.y = bottom + 4;
    };
    row(
      columns.map((column) => column.title),
      'Helvetica-Bold',
    );
    for (const value of values) {
      row([labTestName(value.test), value.value, value.unit, value.referenceRange], 'Helvetica');
    }
  });
}
