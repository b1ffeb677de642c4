Feature: Sealed choices
  A toy game proving simultaneous sealed choices: everyone chooses at once,
  face down, and the last choice reveals them all together in seat order.

  @SE-CHO-01
  Rule: Every player chooses a card at the same time, face down

    Example: everyone is asked at once
      Given a game of sealed for A, B and C
      Then A, B and C must choose

    Example: the others see that A chose, never what
      Given a game of sealed for A, B and C
      When A chooses 3
      Then B sees that A has chosen
      And only A sees A's card
      And B and C must choose

  @SE-CHO-02
  Rule: A sealed choice cannot be changed

    Example: A tries to choose again
      Given a game of sealed for A, B and C
      When A chooses 3
      And A chooses 2
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @SE-REV-01
  Rule: The last choice reveals every card at once, in seat order

    Example: chosen in another order, revealed in seat order
      Given a game of sealed for A, B and C
      When C chooses 1
      And A chooses 3
      And B chooses 2
      Then the cards revealed are A 3, B 2, C 1

  @SE-SCO-01
  Rule: The highest card that nobody else played scores a point

    Example: two threes cancel out
      Given a game of sealed for A, B and C
      When A chooses 3
      And B chooses 3
      And C chooses 1
      Then C has scored 1
      And A has scored 0
