import * as auth from './auth.js';
import * as chat from './chat.js';
import * as games from './games.js';
import * as platform from './platform.js';
import * as profiles from './profiles.js';
import * as wallet from './wallet.js';

/** Every call, by name: tests and tools iterate over this. */
export const CALLS = {
  userExist: auth.userExistCall,
  loginTicket: auth.loginTicketCall,
  register: auth.registerCall,
  login: auth.loginCall,
  forget: auth.forgetCall,
  userInfo: auth.userInfoCall,
  bindInviteCode: auth.bindInviteCodeCall,
  logout: auth.logoutCall,
  discordAuthorize: auth.discordAuthorizeCall,
  inviteCreate: auth.inviteCreateCall,
  inviteList: auth.inviteListCall,
  gameList: games.gameListCall,
  home: games.homeCall,
  homePage: games.homePageCall,
  userGames: games.userGamesCall,
  resourceInfo: games.resourceInfoCall,
  gameEvent: games.gameEventCall,
  lineSeen: games.lineSeenCall,
  conversationInfo: chat.conversationInfoCall,
  conversationInfoV2: chat.conversationInfoV2Call,
  chatRecord: chat.chatRecordCall,
  chatSend: chat.chatSendCall,
  chatRegenerate: chat.chatRegenerateCall,
  chatRewind: chat.chatRewindCall,
  chatMemory: chat.chatMemoryCall,
  chatMemoryUpdate: chat.chatMemoryUpdateCall,
  walletBalance: wallet.walletBalanceCall,
  walletTransactions: wallet.walletTransactionsCall,
  goodsCoins: wallet.goodsCoinsCall,
  orderCreate: wallet.orderCreateCall,
  orderGet: wallet.orderGetCall,
  orderCancel: wallet.orderCancelCall,
  unlock: wallet.unlockCall,
  profile: profiles.profileCall,
  profileWorks: profiles.profileWorksCall,
  nicknameUpdate: profiles.nicknameUpdateCall,
  profileUpdate: profiles.profileUpdateCall,
  avatarUpload: profiles.avatarUploadCall,
  riskKey: platform.riskKeyCall,
  riskDevice: platform.riskDeviceCall,
  pageView: platform.pageViewCall,
  health: platform.healthCall,
} as const;
