import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  DOWNLOAD_ONLY_TYPES,
  PREVIEW_TYPES,
  UPLOAD_DRAG_MAX_MB,
  UPLOAD_MAX_MB,
  UPLOAD_TYPES,
  checkUpload,
  checkUploadCount,
  fileExtension,
  labelName,
  previewMode,
  uploadLimitMb,
} from './uploads.ts';

const MB = 1024 * 1024;

describe('upload types (SH-5.7)', () => {
  it('accepts the eleven types of the spec, in any case', () => {
    expect([...UPLOAD_TYPES].sort()).toEqual(
      ['txt', 'doc', 'docx', 'xlsx', 'xls', 'pdf', 'png', 'jpg', 'jpeg', 'zip', 'rar'].sort(),
    );
    for (const type of UPLOAD_TYPES) expect(checkUpload({ name: `附件.${type}`, size: 1 }), type).toBeNull();
    expect(checkUpload({ name: '附件.PDF', size: 1 })).toBeNull();
  });

  it('refuses other types with a message listing the allowed formats', () => {
    expect(checkUpload({ name: '程序.exe', size: 1 })).toBe(
      '仅支持上传 txt、doc、docx、xlsx、xls、pdf、png、jpg、jpeg、zip、rar格式的文件',
    );
    expect(checkUpload({ name: '无扩展名', size: 1 })).toContain('仅支持上传');
  });

  it('follows the control’s own accept list, as extensions or an accept string', () => {
    expect(checkUpload({ name: '合同.docx', size: 1 }, { accept: ['pdf', 'png'] })).toBe(
      '仅支持上传 pdf、png格式的文件',
    );
    expect(checkUpload({ name: '合同.pdf', size: 1 }, { accept: '.pdf, .PNG' })).toBeNull();
    expect(checkUpload({ name: '合同.png', size: 1 }, { accept: '.pdf, .PNG' })).toBeNull();
    expect(checkUpload({ name: '合同.zip', size: 1 }, { accept: '' })).toBeNull();
  });
});

describe('upload size and name (SH-5.8, SH-5.1, SH-8.9)', () => {
  it('allows 50 MB by default, 30 MB in drag mode, or the control’s own size', () => {
    expect(UPLOAD_MAX_MB).toBe(50);
    expect(UPLOAD_DRAG_MAX_MB).toBe(30);
    expect(checkUpload({ name: 'a.pdf', size: 50 * MB })).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 50 * MB + 1 })).toBe('文件大小不能超过50M');
    expect(checkUpload({ name: 'a.pdf', size: 30 * MB }, { isDrag: true })).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: 30 * MB + 1 }, { isDrag: true })).toBe('文件大小不能超过30M');
    expect(checkUpload({ name: 'a.pdf', size: 11 * MB }, { maxMb: 10, isDrag: true })).toBe(
      '文件大小不能超过10M',
    );
    expect(uploadLimitMb({ maxMb: 100 })).toBe(100);
  });

  it('refuses an empty file', () => {
    expect(checkUpload({ name: 'a.pdf', size: 0 })).toBe('文件大小不能为0KB');
    expect(MSG.uploadEmpty).toBe('文件大小不能为0KB');
  });

  it('refuses a name with illegal characters', () => {
    expect(checkUpload({ name: 'a b.pdf', size: 1 })).toBe(MSG.fileNameIllegal);
  });
});

describe('upload count (SH-5.9)', () => {
  it('names the limit and the number selected', () => {
    expect(checkUploadCount(3, 2, 1)).toBeNull();
    expect(checkUploadCount(3, 2, 2)).toBe('最多上传3个文件，当前已选择4个');
    expect(checkUploadCount(1, 0, 2)).toBe('最多上传1个文件，当前已选择2个');
  });

  it('has the other upload messages of the catalogue', () => {
    expect(MSG.uploadNotDeletable).toBe('该文件不可删除');
    expect(MSG.uploadUrlMissing).toBe('未获取到文件地址');
    expect(MSG.uploadError).toBe('附件上传错误');
  });
});

describe('preview or download (SH-9.4)', () => {
  it('previews png, jpg, jpeg and pdf in the page and downloads the rest', () => {
    for (const type of PREVIEW_TYPES) expect(previewMode(`图.${type.toUpperCase()}`)).toBe('preview');
    for (const type of DOWNLOAD_ONLY_TYPES) expect(previewMode(`文件.${type}`)).toBe('download');
    expect(previewMode('无扩展名')).toBe('download');
    expect(previewMode('pdf')).toBe('download');
  });

  it('labels a file by its name without the extension', () => {
    expect(labelName('评估报告.pdf')).toBe('评估报告');
    expect(labelName('合同.final.docx')).toBe('合同.final');
    expect(labelName('README')).toBe('README');
    expect(labelName('.env')).toBe('.env');
    expect(fileExtension('a.B.JPEG')).toBe('jpeg');
    expect(fileExtension('.env')).toBe('');
  });
});
