#pragma once

#ifndef INPUTANIM_VERSION
#define INPUTANIM_VERSION "0.1.0"
#endif
