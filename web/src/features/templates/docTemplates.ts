/** The editor's built-in templates (ShowDoc's API and data-dictionary skeletons), per interface language. */
export type DocTemplateKind = 'api' | 'database';

const API_ZH = `##### 简要描述

- 用户注册接口

##### 请求URL
- \` http://xx.com/api/user/register \`

##### 请求方式
- POST

##### 参数

|参数名|必选|类型|说明|
|:----    |:---|:----- |-----   |
|username |是  |string |用户名   |
|password |是  |string | 密码    |
|name     |否  |string | 昵称    |

##### 返回示例

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "吴系挂",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

##### 返回参数说明

|参数名|类型|说明|
|:-----  |:-----|-----                           |
|groupid |int   |用户组id，1：超级管理员；2：普通用户  |

##### 备注

- 更多返回错误代码请看首页的错误代码描述
`;

const API_EN = `##### Description

- User registration

##### URL
- \` http://xx.com/api/user/register \`

##### Method
- POST

##### Parameters

|Name|Required|Type|Description|
|:----    |:---|:----- |-----   |
|username |yes |string |user name |
|password |yes |string |password  |
|name     |no  |string |nickname  |

##### Response example

\`\`\`json
{
  "error_code": 0,
  "data": {
    "uid": "1",
    "username": "12154545",
    "name": "Alice",
    "groupid": 2,
    "reg_time": "1436864169",
    "last_login_time": "0"
  }
}
\`\`\`

##### Response fields

|Name|Type|Description|
|:-----  |:-----|-----                           |
|groupid |int   |user group: 1 administrator, 2 ordinary user |

##### Notes

- See the error codes on the home page for other responses
`;

const DB_ZH = `-  用户表，储存用户信息

|字段|类型|空|默认|注释|
|:----    |:-------    |:--- |-- -|------      |
|uid    |int(10)     |否 |  |             |
|username |varchar(20) |否 |    |   用户名  |
|password |varchar(50) |否   |    |   密码    |
|name     |varchar(15) |是   |    |    昵称     |
|reg_time |int(11)     |否   | 0  |   注册时间  |

- 备注：无
`;

const DB_EN = `-  user: stores the users

|Field|Type|Null|Default|Comment|
|:----    |:-------    |:--- |-- -|------      |
|uid    |int(10)     |no |  |             |
|username |varchar(20) |no |    |   user name  |
|password |varchar(50) |no   |    |   password    |
|name     |varchar(15) |yes   |    |    nickname     |
|reg_time |int(11)     |no   | 0  |   registered at  |

- Notes: none
`;

export function docTemplate(kind: DocTemplateKind, language: string): string {
  const chinese = language.toLowerCase().startsWith('zh');
  if (kind === 'api') return chinese ? API_ZH : API_EN;
  return chinese ? DB_ZH : DB_EN;
}
