Feature: End of the Game
  Transcribes the rulebook section "End of the Game": a right report at the
  Police ends the game at once, and when every player but one has failed
  there, the one left wins.  A game in which nobody can reach the Police any
  more is ended by a ruling (SD-END-04).

  @SD-END-01
  Rule: The game ends the moment a player names the right culprit and weapon at the Police, and that player wins; nothing more can be played
    Source: End of the Game ¶86

    Example: after Red's right report, nobody may act and a card is refused
      Given a game of Red, Yellow and Green
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Maid and the Rope
      And Yellow tries to play Dead End
      Then the action is rejected as illegal_action
      And the game is exactly as it was
      And the game is over and Red has won

  @SD-END-02
  Rule: When every player but one has failed at the Police, the one left wins at once
    Source: End of the Game ¶86

    @players-2
    Example: of two players, one wrong report leaves the winner
      Given a game of Red and Yellow
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then the game is over and Yellow has won
      And 11 action cards are out of the game

    Example: Yellow, next in line, wins without reporting when Red fails and Green is already out
      Given a game of Red, Yellow and Green
      And Green is out of the game
      And the Police hides the Maid and the Rope
      And Red and Yellow are at the Police at the end of the round, in that order
      When Red names the Cook and the Knife
      Then the game is over and Yellow has won
      And nobody may act

  @SD-END-03 @ruling
  Rule: No one wins otherwise: a wrong report with two or more players left, or a round without any report, lets the game go on
    Source: End of the Game ¶86
    The rulebook gives two ways to win and no limit on rounds.  So only a
    right report, or being the last player left, wins (a game nobody can
    finish ends without a winner, SD-END-04).

    Example: four players, one wrong report, three play on
      Given a game of Red, Yellow, Green and Blue
      And the Police hides the Maid and the Rope
      And Red is at the Police at the end of the round
      When Red names the Butler and the Rope
      Then the game is not over
      And Yellow, Green and Blue must choose a card

    Example: a round in which nobody reaches the Police
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then the game is not over
      And round 2 begins

  @SD-END-04 @ruling
  Rule: When no card left in play can ever bring a detective onto the Police, the game ends at the end of the round with no winner
    Source: End of the Game ¶86
    The rulebook ends the game only by reports, but cards leave the game with
    the players who fail.  The cards left may no longer reach the Police from
    where the detectives stand: only Police Raid, Disguise and cards that move
    no detective; or steps that keep the wrong parity (two tiles at a time and
    Police Raid from House 1 and House 3).  Nobody can report any more and the
    game could only go on for ever.  We end it when the round ends, nobody
    winning, and show the case to all.  Counted as moves: the Foot Patrols'
    numbers, Dead End one back, Unexpected one to three, Police Raid four,
    Informant to the Bar, On Wheels anywhere; Disguise only swaps detectives.

    Example: Blue and Purple are left with six cards that never leave the houses
      Given a game of 5 players
      And Blue holds Police Raid, Disguise and Telephone Call
      And Purple holds Small Move, Big Move and Neighbor Survey
      And Red is out of the game
      And Yellow is out of the game
      And Green is out of the game
      And Blue stands on House 6
      And Purple stands on House 3
      And Blue has chosen Police Raid
      When Purple plays Neighbor Survey
      Then the game is over and nobody has won
      And every view shows that the Police hid the Butler and the Candlestick

    Example: the Foot Patrol 001 just played still counts, for it passes on
      Given a game of 5 players
      And Blue holds Police Raid, Disguise and Telephone Call
      And Purple holds Small Move, Foot Patrol 001 and Neighbor Survey
      And Red is out of the game
      And Yellow is out of the game
      And Green is out of the game
      And Blue stands on House 6
      And Purple stands on House 1
      And Blue has chosen Police Raid
      When Purple plays Foot Patrol 001
      Then the game is not over
      And round 2 begins
      And Blue holds Foot Patrol 001

    Example: the Informant reaches the Bar, and Police Raid crosses from there to the Police
      Given a game of 5 players
      And Blue holds Police Raid, Disguise and Telephone Call
      And Purple holds Small Move, Informant and Neighbor Survey
      And Red is out of the game
      And Yellow is out of the game
      And Green is out of the game
      And Blue stands on House 6
      And Purple stands on House 3
      And Blue has chosen Disguise
      When Purple plays Neighbor Survey
      Then the game is not over
      And round 2 begins

    Example: two tiles at a time never reach the Police from House 1 and House 3
      Given a game of 5 players
      And Blue holds Police Raid, Disguise and Telephone Call
      And Purple holds Small Move, Foot Patrol 004 and Neighbor Survey
      And Red is out of the game
      And Yellow is out of the game
      And Green is out of the game
      And Blue stands on House 1
      And Purple stands on House 3
      And Blue has chosen Disguise
      When Purple plays Neighbor Survey
      Then the game is over and nobody has won

    Example: the same cards go on when a detective stands on House 2
      Given a game of 5 players
      And Blue holds Police Raid, Disguise and Telephone Call
      And Purple holds Small Move, Foot Patrol 004 and Neighbor Survey
      And Red is out of the game
      And Yellow is out of the game
      And Green is out of the game
      And Blue stands on House 6
      And Purple stands on House 2
      And Blue has chosen Telephone Call
      When Purple plays Small Move
      And Purple swaps houses with House 1
      And Blue swaps the cards of Blue and Purple
      Then the game is not over
      And round 2 begins
