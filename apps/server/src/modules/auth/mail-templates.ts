import type { Locale } from '@taleforge/contracts/constants';
import escapeHtml from 'escape-html';
import type { Mail } from '../../platform/mail/mailer.js';
import type { CodeUse } from './codes.js';

interface Copy {
  subject: string;
  intro: string;
  outro: string;
}

const CODE_COPY: Record<CodeUse, Record<Locale, Copy>> = {
  REGISTER: {
    en_US: {
      subject: 'Your Taleforge sign-up code',
      intro: 'Welcome to Taleforge! Your verification code is:',
      outro: 'It is valid for 30 minutes. If you did not ask for it, ignore this mail.',
    },
    zh_CN: {
      subject: 'Taleforge 注册验证码',
      intro: '欢迎来到 Taleforge！你的验证码是：',
      outro: '验证码 30 分钟内有效。如果不是你本人操作，请忽略此邮件。',
    },
    ja_JP: {
      subject: 'Taleforge 登録用認証コード',
      intro: 'Taleforge へようこそ！認証コードは次のとおりです：',
      outro: 'コードの有効期限は 30 分です。心当たりがない場合はこのメールを無視してください。',
    },
  },
  UPDATE_PWD: {
    en_US: {
      subject: 'Your Taleforge password reset code',
      intro: 'Use this code to reset your Taleforge password:',
      outro: 'It is valid for 30 minutes. If you did not ask for it, your password is unchanged.',
    },
    zh_CN: {
      subject: 'Taleforge 重置密码验证码',
      intro: '请使用以下验证码重置你的 Taleforge 密码：',
      outro: '验证码 30 分钟内有效。如果不是你本人操作，你的密码不会改变。',
    },
    ja_JP: {
      subject: 'Taleforge パスワード再設定コード',
      intro: 'Taleforge のパスワード再設定には次のコードを使ってください：',
      outro: 'コードの有効期限は 30 分です。心当たりがない場合、パスワードは変更されません。',
    },
  },
};

const ALREADY_REGISTERED: Record<Locale, Copy> = {
  en_US: {
    subject: 'You already have a Taleforge account',
    intro: 'Someone tried to sign up with this address, but it already has an account.',
    outro: 'Log in instead, or reset your password if you forgot it.',
  },
  zh_CN: {
    subject: '你已经拥有 Taleforge 账号',
    intro: '有人尝试用此邮箱注册，但该邮箱已有账号。',
    outro: '请直接登录；如果忘记密码，可以重置密码。',
  },
  ja_JP: {
    subject: 'Taleforge アカウントは登録済みです',
    intro: 'このアドレスで新規登録が試みられましたが、既にアカウントがあります。',
    outro: 'ログインしてください。パスワードを忘れた場合は再設定できます。',
  },
};

function render(to: string, copy: Copy, code?: string): Mail {
  const text = [copy.intro, code ? `\n    ${code}\n` : '', copy.outro, '\n— Taleforge'].join('\n');
  const codeBlock = code
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:700;color:#2a1b5e;margin:24px 0">${escapeHtml(code)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f3ff;padding:24px">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:16px;padding:32px">
<h1 style="font-size:20px;color:#2a1b5e;margin:0 0 16px">Taleforge</h1>
<p>${escapeHtml(copy.intro)}</p>${codeBlock}<p style="color:#555">${escapeHtml(copy.outro)}</p>
</div></body></html>`;
  return { to, subject: copy.subject, text, html };
}

export function codeMail(to: string, use: CodeUse, code: string, locale: Locale): Mail {
  return render(to, CODE_COPY[use][locale], code);
}

export function alreadyRegisteredMail(to: string, locale: Locale): Mail {
  return render(to, ALREADY_REGISTERED[locale]);
}
