Feature: Play
  Transcribes the rulebook section "Play": a round has four phases, always in
  the same order, playing a card, card effects, tile effects, and preparing
  the next round.

  @SD-PLY-01
  Rule: A round goes through its four phases in order: every card is chosen, then every card takes effect, then the tiles take effect, then the next round is prepared
    Source: Play ¶46-50

    Example: no card takes effect while a player has still to choose
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then Red stands on House 1
      And Green must choose a card

    Example: tiles wait for the last card, so a detective left alone by its own card but joined by a later one looks at nothing
      Given a game of Red, Yellow and Green
      And Red stands on House 1
      And Yellow stands on House 5
      And Green stands on House 6
      And House 2 hides the Knife
      And Yellow has chosen Police Raid and Green has chosen Foot Patrol 002
      And Red holds Foot Patrol 001
      When Red plays Foot Patrol 001
      Then Red and Yellow stand on House 2
      And nobody has seen the Knife

    Example: the next round begins only after the tile effects
      Given a game of Red, Yellow and Green
      And Red stands on House 4
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 001 and Green has chosen Dead End
      And Red holds Foot Patrol 003
      When Red plays Foot Patrol 003
      Then Red must ask at the Bar
      And round 1 is still being played
