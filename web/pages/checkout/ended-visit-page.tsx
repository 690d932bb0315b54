import { Button, Input, Rate, Result, Skeleton, Space, Typography } from 'antd';
import '../../../renderer/features/visits/visits.css';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { useSession } from '../../../renderer/features/session/session-context';
import {
  usePatientVisit,
  useSaveDoctorRating,
} from '../../../renderer/features/visits/use-patient-visit';
import { linkRoutes, routes } from '../../../shared/checkout/routes';
import { RATING_COMMENT_MAX } from '../../../shared/contracts/visit-limits';
import type { VisitData } from '../../../shared/contracts/visits';
import { CheckoutFrame } from '../../checkout/checkout-page';
import { SignInRequired } from '../sign-in-required';

const outcomeText: Record<string, string> = {
  approved:
    'Your doctor approved your prescription. Your order now goes to the pharmacy; we will email you when it ships.',
  declined:
    'Your doctor did not approve the prescription, and your order was cancelled. Our care team will contact you about your refund.',
};

/** /checkout/ended-visit?orderId=: after the call, what comes next and the doctor's rating. */
export default function EndedVisitPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  if (!session.signedIn) {
    const returnTo = `${routes.endedVisit}?orderId=${encodeURIComponent(orderId ?? '')}`;
    return <SignInRequired title="Your visit has ended" returnTo={returnTo} />;
  }
  return (
    <CheckoutFrame title="Your visit has ended">
      {orderId ? (
        <EndedVisit identity={session.identity} orderId={orderId} />
      ) : (
        <Ended visit={null} />
      )}
    </CheckoutFrame>
  );
}

function EndedVisit({ identity, orderId }: { identity: string; orderId: string }) {
  const visit = usePatientVisit(identity, orderId);
  if (visit.error) return <ErrorAlert error={visit.error} />;
  if (!visit.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return <Ended visit={visit.data} identity={identity} />;
}

function Ended({ visit, identity }: { visit: VisitData | null; identity?: string }) {
  const navigate = useNavigate();
  const summary =
    (visit?.outcome && outcomeText[visit.outcome]) ??
    'Thank you. Your doctor will update your order; we will email you what comes next.';
  return (
    <Result
      status="success"
      title={visit ? `Your visit with ${visit.doctor.name} has ended` : 'Your visit has ended'}
      subTitle={summary}
      extra={
        <Space direction="vertical" size="large" className="ended-visit">
          {visit && identity && visit.status === 'ended' ? (
            <DoctorRating visit={visit} identity={identity} />
          ) : null}
          <Space wrap>
            <Button type="primary" size="large" onClick={() => navigate(routes.myAccount)}>
              GO TO MY ACCOUNT
            </Button>
            <Button size="large" onClick={() => navigate(linkRoutes.myLabs)}>
              VIEW MY LABS
            </Button>
          </Space>
        </Space>
      }
    />
  );
}

/** Visit/SaveDoctorRating: 1–5 stars and a comment, changeable for a day. */
function DoctorRating({ visit, identity }: { visit: VisitData; identity: string }) {
  const save = useSaveDoctorRating(identity);
  const [rating, setRating] = useState(visit.rating?.rating ?? 0);
  const [comment, setComment] = useState(visit.rating?.comment ?? '');
  const [editing, setEditing] = useState(!visit.rating);
  const locked = visit.rating !== null && new Date(visit.rating.editableUntil) < new Date();
  if (visit.rating && (!editing || locked)) {
    return (
      <section aria-labelledby="rating-title" className="doctor-rating">
        <h2 id="rating-title" className="section-title">
          Thank you for rating {visit.doctor.name}
        </h2>
        <Rate disabled value={visit.rating.rating} aria-label={`${visit.rating.rating} of 5`} />
        {visit.rating.comment ? (
          <Typography.Paragraph>{visit.rating.comment}</Typography.Paragraph>
        ) : null}
        {!locked && <Button onClick={() => setEditing(true)}>CHANGE MY RATING</Button>}
      </section>
    );
  }
  return (
    <form
      aria-labelledby="rating-title"
      className="doctor-rating"
      onSubmit={(event) => {
        event.preventDefault();
        if (rating < 1) return;
        save.mutate(
          { orderId: visit.orderId, rating, comment },
          { onSuccess: () => setEditing(false) },
        );
      }}
    >
      <h2 id="rating-title" className="section-title">
        How was your visit with {visit.doctor.name}?
      </h2>
      <Rate value={rating} onChange={setRating} aria-label="Rating, 1 to 5 stars" />
      <label htmlFor="rating-comment" className="doctor-rating__label">
        Comment (optional)
      </label>
      <Input.TextArea
        id="rating-comment"
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        maxLength={RATING_COMMENT_MAX}
        rows={3}
      />
      {save.error ? <ErrorAlert error={save.error} /> : null}
      <Button htmlType="submit" type="primary" disabled={rating < 1} loading={save.isPending}>
        SAVE RATING
      </Button>
    </form>
  );
}
