// A hall's rules, in one dialog for the two who set them: 开启网络竞价 (the exchange's, on a project with two or more
// qualified buyers) and 竞价规则 (the seller's, saved for the exchange to start from): when the hall starts, how long
// the free period lasts, the timed period's countdown, the starting price (the listing price unless changed) and
// the increment, in the auction mode chosen (一次报价: one window, each bidder's one bid unseen until the close, so
// no countdown after it). The seller may set a reserve price (保留价), hidden from the bidders until the close. The
// exchange's dialog starts from the seller's rules when saved (a start already past means at once). The form is checked by the domain's rules (ZBiddingOpenForm) before anything is sent, with the server's
// words on the field at fault; times are typed in +08:00 as every time of the portal is shown.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Spin } from 'antd';
import {
  AUCTION_MODE_LABELS,
  AUCTION_MODES,
  ZAuctionRulesForm,
  ZBiddingOpenForm,
} from '@cqjy/domain/bidding';
import type { AuctionMode, AuctionRules, BiddingOpenForm } from '@cqjy/domain/bidding';
import { fenToYuan, formatDateTime, parseYuanToFen, TIMEZONE_OFFSET } from '@cqjy/domain/format';
import {
  AppDialog,
  clearErrorsOnChange,
  DayPicker,
  fieldErrorsOf,
  NumberInput,
} from '../../components/index.ts';
import { auctionRulesQuery, openBidding, saveAuctionRules } from './api.ts';

export type OpenBiddingDialogProps = {
  projectId: number;
  /** fen; the starting price offered, when the project's listing price is known */
  listingPrice?: number | undefined;
  onClose: () => void;
  /** the hall opened */
  onOpened: (id: number) => void;
};

export type AuctionRulesDialogProps = {
  projectId: number;
  /** fen; the disclosed starting price, offered when no rules were saved */
  listingPrice?: number | undefined;
  /** the rules saved so far, or null */
  rules: AuctionRules | null;
  /** ms; the start offered for new rules (the first day a hall may start), when known */
  firstStart?: number | undefined;
  onClose: () => void;
  onSaved: () => void;
};

type OpenValues = {
  mode?: AuctionMode;
  reservePrice?: string;
  startAt?: string;
  freeSeconds?: string;
  timedSeconds?: string;
  startingPrice?: string;
  increment?: string;
  restartsMax?: string;
};

const RULE_FIELDS = [
  'startAt',
  'freeSeconds',
  'timedSeconds',
  'startingPrice',
  'increment',
  'restartsMax',
  'reservePrice',
] as const;

const MODE_OPTIONS = AUCTION_MODES.map((value) => ({ value, label: AUCTION_MODE_LABELS[value] }));

/** What each mode does with the window, under its field. */
const MODE_HINTS: Record<AuctionMode, string | undefined> = {
  dynamic: undefined,
  sealed: '报价期内每位竞买人报价一次，报价期满后统一揭晓，价高者得。',
  dutch: '自起始价起每个降价周期降低一个降价幅度，第一位应价的竞买人以应价时的价格竞得。',
};

const DEFAULT_FREE_SECONDS = 60;
const DEFAULT_TIMED_SECONDS = 60;
/** fen: 1,000 yuan */
const DEFAULT_INCREMENT = 1000_00;

/** 'YYYY-MM-DD HH:mm' of this minute in +08:00, as the time picker holds it. */
export function currentMinute(nowMs = Date.now()): string {
  return formatDateTime(nowMs).slice(0, 16);
}

/** The picker's 'YYYY-MM-DD HH:mm' (+08:00) as an ISO instant; '' when it is no time. */
export function minuteToIso(text: string | undefined): string {
  if (text === undefined || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text)) return '';
  const date = new Date(`${text.replace(' ', 'T')}:00${TIMEZONE_OFFSET}`);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const wholeNumber = (text: string | undefined): number =>
  text !== undefined && /^\d+$/.test(text) ? Number(text) : Number.NaN;

const yuanToFen = (text: string | undefined): number =>
  text === undefined ? Number.NaN : (parseYuanToFen(text) ?? Number.NaN);

/**
 * The start as the call takes it: the picker's minute, but a minute already begun (the default: this one) means
 * at once, so the free period is not cut short by the seconds the minute had run.
 */
function startOf(text: string | undefined, nowMs: number): string {
  const iso = minuteToIso(text);
  return iso !== '' && Date.parse(iso) <= nowMs ? new Date(nowMs).toISOString() : iso;
}

/** The form's values as the call takes them; fields left as no number fail the domain's rules with its message. */
export function toOpenForm(projectId: number, values: OpenValues, nowMs = Date.now()): BiddingOpenForm {
  return {
    projectId,
    startAt: startOf(values.startAt, nowMs),
    freeSeconds: wholeNumber(values.freeSeconds),
    timedSeconds: wholeNumber(values.timedSeconds),
    startingPrice: yuanToFen(values.startingPrice),
    increment: yuanToFen(values.increment),
    mode: values.mode ?? 'dynamic',
    restartsMax: restartsOf(values),
  };
}

/** The cap on the restarts typed: none when left empty (or in a mode without a countdown to restart). */
function restartsOf(values: Pick<OpenValues, 'mode' | 'restartsMax'>): number | null {
  const text = values.restartsMax?.trim() ?? '';
  return text === '' || (values.mode ?? 'dynamic') !== 'dynamic' ? null : wholeNumber(text);
}

/** The reserve price typed (yuan) as the rules take it: none when left empty. */
export function reserveOf(values: Pick<OpenValues, 'reservePrice'>): number | null {
  const text = values.reservePrice?.trim() ?? '';
  return text === '' ? null : yuanToFen(text);
}

/** The dialog's first values: the saved rules when there are, else the defaults and the listing price. */
export function initialRules(
  rules: AuctionRules | null,
  listingPrice: number | undefined,
  nowMs = Date.now(),
): OpenValues {
  if (rules !== null) {
    return {
      mode: rules.mode,
      reservePrice: rules.reservePrice === null ? '' : fenToYuan(rules.reservePrice),
      startAt: currentMinute(Math.max(Date.parse(rules.startAt), nowMs)),
      freeSeconds: String(rules.freeSeconds),
      timedSeconds: String(rules.timedSeconds),
      startingPrice: fenToYuan(rules.startingPrice),
      increment: fenToYuan(rules.increment),
      restartsMax: rules.restartsMax === null ? '' : String(rules.restartsMax),
    };
  }
  return {
    mode: 'dynamic',
    reservePrice: '',
    startAt: currentMinute(nowMs),
    freeSeconds: String(DEFAULT_FREE_SECONDS),
    timedSeconds: String(DEFAULT_TIMED_SECONDS),
    startingPrice: listingPrice === undefined ? '' : fenToYuan(listingPrice),
    increment: fenToYuan(DEFAULT_INCREMENT),
    restartsMax: '',
  };
}

/** 开启网络竞价: the exchange's, from the seller's rules when saved. */
export function OpenBiddingDialog({ projectId, listingPrice, onClose, onOpened }: OpenBiddingDialogProps) {
  const rules = useQuery(auctionRulesQuery(projectId));
  if (rules.isPending) return <Spin />;
  return (
    <BiddingRulesDialog
      title="开启网络竞价"
      okText="开启"
      projectId={projectId}
      initialValues={initialRules(rules.data ?? null, listingPrice)}
      onClose={onClose}
      send={async (form) => onOpened((await openBidding(form)).id)}
    />
  );
}

/** 竞价规则: the seller's, saved for the exchange to start from. */
export function AuctionRulesDialog({
  projectId,
  listingPrice,
  rules,
  firstStart,
  onClose,
  onSaved,
}: AuctionRulesDialogProps) {
  return (
    <BiddingRulesDialog
      title="设置竞价规则"
      okText="保存"
      projectId={projectId}
      isSeller
      initialValues={initialRules(rules, listingPrice, Math.max(Date.now(), firstStart ?? 0))}
      onClose={onClose}
      send={async (form, reservePrice) => {
        await saveAuctionRules({ ...form, reservePrice, version: rules?.version ?? 0 });
        onSaved();
      }}
    />
  );
}

type BiddingRulesDialogProps = {
  title: string;
  okText: string;
  projectId: number;
  /** the seller's rules: with the reserve price (the exchange's opening takes the seller's, unseen) */
  isSeller?: boolean;
  initialValues: OpenValues;
  onClose: () => void;
  /** sends the checked rules; a refusal has been shown by the HTTP client and keeps the dialog open */
  send: (form: BiddingOpenForm, reservePrice: number | null) => Promise<void>;
};

function BiddingRulesDialog({
  title,
  okText,
  projectId,
  isSeller = false,
  initialValues,
  onClose,
  send,
}: BiddingRulesDialogProps) {
  const [form] = Form.useForm<OpenValues>();
  const [isSending, setIsSending] = useState(false);
  const [initial] = useState<OpenValues>(initialValues);
  const mode = Form.useWatch('mode', form) ?? initial.mode ?? 'dynamic';

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    const reservePrice = isSeller ? reserveOf(values) : null;
    const checked = (isSeller ? ZAuctionRulesForm : ZBiddingOpenForm).safeParse({
      ...toOpenForm(projectId, values),
      ...(isSeller ? { reservePrice, version: 0 } : {}),
    });
    if (!checked.success) {
      form.setFields(fieldErrorsOf<OpenValues>(checked.error.issues, RULE_FIELDS));
      return;
    }
    setIsSending(true);
    try {
      await send(checked.data, reservePrice);
    } catch {
      // the HTTP client has shown the server's message; the dialog stays for another try
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AppDialog
      size="md"
      open
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<OpenValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="mode" label="竞价方式" required>
          <Radio.Group options={MODE_OPTIONS} />
        </Form.Item>
        <Form.Item name="startAt" label="开始时间" required>
          <DayPicker withTime aria-label="开始时间" />
        </Form.Item>
        <Form.Item
          name="freeSeconds"
          label={mode === 'dynamic' ? '自由报价期（秒）' : '报价期（秒）'}
          required
          extra={MODE_HINTS[mode]}
        >
          <NumberInput decimalDigits={0} />
        </Form.Item>
        <Form.Item
          name="timedSeconds"
          label={mode === 'dutch' ? '降价周期（秒）' : '限时报价周期（秒）'}
          required
          hidden={mode === 'sealed'}
        >
          <NumberInput decimalDigits={0} />
        </Form.Item>
        <Form.Item name="startingPrice" label="起始价（元）" required>
          <NumberInput />
        </Form.Item>
        <Form.Item
          name="increment"
          label={mode === 'dutch' ? '降价幅度（元）' : '加价幅度（元）'}
          required
          hidden={mode === 'sealed'}
        >
          <NumberInput />
        </Form.Item>
        <Form.Item
          name="restartsMax"
          label="延时次数上限"
          hidden={mode !== 'dynamic'}
          extra="选填。限时报价期内有效报价使倒计时重新开始，达到上限后不再延时，竞价有最晚结束时间；不限次数请留空。"
        >
          <NumberInput decimalDigits={0} />
        </Form.Item>
        {isSeller && (
          <Form.Item
            name="reservePrice"
            label="保留价（元）"
            extra="选填。竞价结束前不公开；最高报价低于保留价的不成交。须在竞价开始前按规则参数的时限设定。"
          >
            <NumberInput />
          </Form.Item>
        )}
      </Form>
    </AppDialog>
  );
}
