// 挂牌申请函签章 (/index/vehicleHangingTagEicSre?id=&taskId=) and 撤销挂牌申请函签章 (/index/vehicleRevokeEicSre?id=&taskId=):
// the owner e-signs the letter waiting on one vehicle. The letter is the vehicle's newest file of its letter tag,
// shown in the page beside the vehicle's facts and the sign-off panel; the SMS code goes to the signer's own mobile
// bound to this letter. The panel only hands up the request (BF-4.6): this page makes the call and reads its answer.
// A signed listing lists the vehicle; a signed revocation withdraws it. With no letter waiting, the vehicle is shown
// as it stands, with its signed letters.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Card, Col, Descriptions, Row, Space, Spin, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  HANGING_TAG_LETTER_TAG,
  REVOKE_LETTER_TAG,
  VEHICLE_LETTER_TAG,
  VEHICLE_LETTER_TITLES,
} from '@cqjy/domain/vehicle-disposal';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  CloseButton,
  FileRow,
  LetterViewer,
  PageLoading,
  PageNotFound,
  signerParam,
  SignOffPanel,
} from '../../components/index.ts';
import { ProjectNeeded } from '../workflow/index.ts';
import {
  checkVehicleSignCode,
  disposalQuery,
  sendVehicleSignCode,
  signVehicle,
  vehicleKeys,
  vehicleQuery,
  type VehicleDetail,
} from './api.ts';
import { readSignAnswer } from './sign-answer.ts';
import { vehicleAge } from './vehicle-columns.tsx';

const projectPath = (projectId: number): string =>
  stepPath('vehicleShowProject', { id: projectId }, 'motorVehicle');

/** The newest file of a tag (a vehicle revoked after its listing keeps both letters under the letter tag). */
function newestOf(files: readonly AttachmentItem[], tag: string): AttachmentItem | null {
  return (
    files.filter((file) => file.tag === tag).sort((a, b) => b.dateCreated.localeCompare(a.dateCreated))[0] ??
    null
  );
}

export function VehicleSignPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const queryTaskId = readQueryId(params.get('taskId'));
  const vehicle = useQuery({ ...vehicleQuery(id ?? 0), enabled: id !== null });
  const projectId = vehicle.data?.projectId ?? null;
  // the vehicle's open task, when the address came without it (a bookmark): the disposal's row carries it
  const disposal = useQuery({
    ...disposalQuery(projectId ?? 0),
    enabled: projectId !== null && queryTaskId === null,
  });

  if (id === null) return <ProjectNeeded />;
  if (vehicle.isError) return <PageNotFound />;
  const detail = vehicle.data;
  if (detail === undefined || (queryTaskId === null && disposal.isPending)) {
    return <PageLoading />;
  }
  const rowTaskId = disposal.data?.vehicles.find((row) => row.id === detail.id)?.taskId ?? null;
  return <SignView detail={detail} taskId={queryTaskId ?? rowTaskId} />;
}

/** What the letter names the vehicle by, and its price: short, so the sign-off panel stays in view beside the letter. */
function VehicleFacts({ detail }: { detail: VehicleDetail }) {
  return (
    <Descriptions bordered size="small" column={1} styles={{ label: { width: 140 } }}>
      <Descriptions.Item label="号牌号码">{detail.carNumber}</Descriptions.Item>
      <Descriptions.Item label="车辆识别代号">{detail.vin || '—'}</Descriptions.Item>
      <Descriptions.Item label="发动机号">{detail.engineNo || '—'}</Descriptions.Item>
      <Descriptions.Item label="品牌型号">{detail.brandModel}</Descriptions.Item>
      <Descriptions.Item label="车辆情况">
        {`${detail.vehicleTypeLabel}，${detail.conditionLabel}；${vehicleAge(detail)}`}
      </Descriptions.Item>
      <Descriptions.Item label="挂牌价格（元）">
        {detail.listingPrice === null ? '—' : formatFen(detail.listingPrice)}
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag>{detail.stateLabel}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

function SignView({ detail, taskId }: { detail: VehicleDetail; taskId: number | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const [isSigning, setIsSigning] = useState(false);
  const kind = detail.letterKind;
  const letter = kind === null ? null : newestOf(detail.files, VEHICLE_LETTER_TAG);
  const back = <CloseButton to={projectPath(detail.projectId)}>返回项目</CloseButton>;

  if (kind === null) {
    const signed = [HANGING_TAG_LETTER_TAG, REVOKE_LETTER_TAG].flatMap((tag) =>
      detail.files.filter((file) => file.tag === tag),
    );
    return (
      <Card title={`车辆申请函：${detail.carNumber}`} extra={back}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={MSG.vehicleNotSignable}
            description={`车辆当前状态：${detail.stateLabel}`}
          />
          <Row gutter={16}>
            <Col flex="1 1 420px">
              <VehicleFacts detail={detail} />
            </Col>
            <Col flex="1 1 420px">
              <Card size="small" title="已签章申请函">
                {signed.length === 0 ? '暂无' : signed.map((file) => <FileRow key={file.uuid} item={file} />)}
              </Card>
            </Col>
          </Row>
        </Space>
      </Card>
    );
  }

  const title = VEHICLE_LETTER_TITLES[kind];
  const param = signerParam(user, {
    id: detail.id,
    category: 'vehicle',
    task: { type: 'EicSre', id: taskId ?? 0, actionId: detail.id },
    duanxin: true,
  });

  const onSign = async (request: SignRequest): Promise<void> => {
    setIsSigning(true);
    try {
      const answer = await signVehicle(request);
      if (readSignAnswer(answer)) {
        await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
        void navigate(projectPath(detail.projectId));
      } else {
        // a letter signed or replaced meanwhile: the page shows the vehicle as it now stands
        await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      }
    } catch {
      // the HTTP client has told the user; the panel is there for another try
    } finally {
      setIsSigning(false);
    }
  };

  return (
    <Card title={`${title}：${detail.carNumber}`} extra={back}>
      <Spin spinning={isSigning} description="正在签章，请稍候…">
        <Row gutter={[16, 16]}>
          <Col flex="0 1 760px" style={{ minWidth: 0 }}>
            <LetterViewer
              file={letter === null ? null : { uuid: letter.uuid, name: letter.fileName || letter.name }}
              title={title}
            />
          </Col>
          <Col flex="1 1 380px">
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              {taskId === null ? (
                <Alert
                  type="warning"
                  showIcon
                  title="没有找到该申请函的待办任务，请从待办任务或项目页进入。"
                />
              ) : (
                <Alert
                  type="info"
                  showIcon
                  title={
                    kind === 'revoke'
                      ? '请核对撤销挂牌申请函：签章后车辆撤牌，不能再成交。'
                      : '请核对挂牌申请函：签章后车辆按挂牌价格挂牌。'
                  }
                />
              )}
              <VehicleFacts detail={detail} />
              <SignOffPanel
                param={param}
                flow="vehicle"
                mode="sign"
                signText="电子签章并提交"
                disabled={isSigning || taskId === null || letter === null}
                codeCalls={{
                  send: () => sendVehicleSignCode([detail.id]),
                  check: (otp) => checkVehicleSignCode([detail.id], otp),
                }}
                onSign={(request) => void onSign(request)}
              />
            </Space>
          </Col>
        </Row>
      </Spin>
    </Card>
  );
}
